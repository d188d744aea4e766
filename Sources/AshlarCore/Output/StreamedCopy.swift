import Foundation

/// Copies a file a piece at a time (a video may be larger than memory), then overwrites the byte
/// ranges `patches` name: a video's published copy with its location removed, every other byte
/// as the source has it.
enum StreamedCopy {
    /// The most bytes held at once.
    static let chunkSize = 1 << 20

    /// Copies the file at `sourcePath` to the open `destination`, then writes `patches` over it;
    /// nil on success, else why not. A patch outside the file is refused: the source changed
    /// since it was read, and a copy patched in the wrong place could keep what it should remove.
    static func copy(_ sourcePath: String, patches: [VideoPatch], to destination: Int32) -> String? {
        let source = open(sourcePath, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { return "cannot read: \(SystemError.message(errno))" }
        defer { close(source) }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var copied = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return "cannot read: \(SystemError.message(errno))" }
            if count == 0 { break }
            if let failure = write(buffer[..<count], to: destination, at: copied) { return failure }
            copied += count
        }
        for patch in patches {
            guard patch.offset >= 0, patch.offset <= copied - patch.bytes.count else {
                return "the file changed while the site was built (a location to remove lies past its end)"
            }
            if let failure = write(patch.bytes[...], to: destination, at: patch.offset) { return failure }
        }
        return check(destination, size: copied)
    }

    /// Reads the copy at `descriptor` as the catalog read its source, and refuses it unless it
    /// reads as a video with no location left: the source may have changed since it was read.
    /// Nil when the copy may be published.
    static func check(_ descriptor: Int32, size: Int) -> String? {
        do throws(VideoReadError) {
            let facts = try VideoReader.read(fileSize: size) { (offset, count) throws(VideoReadError) -> [UInt8] in
                var bytes = [UInt8](repeating: 0, count: count)
                var done = 0
                while done < count {
                    let got = bytes.withUnsafeMutableBytes { buffer in
                        buffer.baseAddress.map { pread(descriptor, $0 + done, count - done, off_t(offset + done)) } ?? 0
                    }
                    if got < 0, errno == EINTR { continue }
                    guard got > 0 else {
                        throw VideoReadError("the copy ends before byte \(offset + done)", offset: offset)
                    }
                    done += got
                }
                return bytes
            }
            return facts.locationPatches.isEmpty
                ? nil : "the file changed while the site was built (its copy still records a location); not published"
        } catch {
            return "the file changed while the site was built (its copy no longer reads as a video: \(error.message))"
        }
    }

    /// Writes all of `bytes` at `offset`; nil on success.
    private static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, at offset: Int) -> String? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map {
                    pwrite(descriptor, $0 + written, buffer.count - written, off_t(offset + written))
                }
                    ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return "cannot write: \(SystemError.message(count < 0 ? errno : EIO))" }
            written += count
        }
        return nil
    }

    /// What a manifest entry records of the patches, so that a copy patched differently (by
    /// another version of Ashlar) is made again.
    static func digest(of patches: [VideoPatch]) -> String {
        var bytes: [UInt8] = []
        for patch in patches {
            withUnsafeBytes(of: Int64(patch.offset).littleEndian) { bytes += $0 }
            withUnsafeBytes(of: Int64(patch.bytes.count).littleEndian) { bytes += $0 }
            bytes += patch.bytes
        }
        return ContentHash.of(bytes)
    }
}
