import AshlarImage
import Foundation

/// Copies a file a piece at a time (a video may be larger than memory), then overwrites the byte
/// ranges `patches` name: a video's published copy holding only what its allowlist keeps, every
/// kept byte as the source has it.
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
        let zeros = [UInt8](repeating: 0, count: min(chunkSize, patches.map(\.zeros).max() ?? 0))
        for patch in patches {
            guard patch.offset >= 0, patch.zeros >= 0, patch.offset <= copied - patch.length else {
                return "the file changed while the site was built (a part to remove lies past its end)"
            }
            if let failure = write(patch.bytes[...], to: destination, at: patch.offset) { return failure }
            var done = 0
            while done < patch.zeros {
                let count = min(zeros.count, patch.zeros - done)
                let offset = patch.offset + patch.bytes.count + done
                if let failure = write(zeros[..<count], to: destination, at: offset) { return failure }
                done += count
            }
        }
        return check(destination, size: copied)
    }

    /// Reads the copy at `descriptor` as the catalog read its source, and refuses it unless it
    /// reads as a video that records no location and holds only what its allowlist keeps: every
    /// patch its reading asks for is already in place (the source may have changed since it was
    /// read). Nil when the copy may be published.
    static func check(_ descriptor: Int32, size: Int) -> String? {
        let read = { (offset: Int, count: Int) throws(VideoReadError) -> [UInt8] in
            try readBytes(descriptor, at: offset, count: count)
        }
        do throws(VideoReadError) {
            let facts = try VideoReader.read(fileSize: size, read)
            guard !facts.recordsLocation else {
                return "the file changed while the site was built (its copy still records a location); not published"
            }
            for patch in facts.patches where try !isInPlace(patch, read) {
                return
                    "the file changed while the site was built (its copy holds what a published video leaves out, at byte \(patch.offset)); not published"
            }
            return nil
        } catch {
            return "the file changed while the site was built (its copy no longer reads as a video: \(error.message))"
        }
    }

    /// Whether the copy already holds what `patch` writes, read a chunk at a time.
    private static func isInPlace(_ patch: VideoPatch, _ read: VideoReader.Read) throws(VideoReadError) -> Bool {
        guard try read(patch.offset, patch.bytes.count) == patch.bytes else { return false }
        var done = 0
        while done < patch.zeros {
            let count = min(chunkSize, patch.zeros - done)
            guard try read(patch.offset + patch.bytes.count + done, count).allSatisfy({ $0 == 0 }) else {
                return false
            }
            done += count
        }
        return true
    }

    /// Exactly `count` bytes at `offset` of the open file, or an error at its end.
    private static func readBytes(_ descriptor: Int32, at offset: Int, count: Int) throws(VideoReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(descriptor, $0 + done, count - done, off_t(offset + done)) } ?? 0
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw VideoReadError("the copy ends before byte \(offset + done)", offset: offset) }
            done += got
        }
        return bytes
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
            withUnsafeBytes(of: Int64(patch.zeros).littleEndian) { bytes += $0 }
        }
        return ContentHash.of(bytes)
    }
}
