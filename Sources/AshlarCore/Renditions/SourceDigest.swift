import Glibc

/// A 128-bit digest of a file's bytes (two seeded `ContentHash` lanes), as 32 hex digits: what
/// the rendition cache is keyed by, so a photo copied, checked out again or touched keeps its
/// renditions. Not cryptographic: the cache is the user's own.
package enum SourceDigest {
    /// Reads and digests a whole file; nil with the `errno` when it cannot be read.
    static func of(file path: String) -> Result<String, SystemFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemFailure(code: errno)) }
        defer { close(descriptor) }
        var first = ContentHash(seed: 1)
        var second = ContentHash(seed: 2)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total: Int64 = 0
        var atEnd = false
        while !atEnd {
            // Whole 1 MiB chunks, whatever `read` returns at a time: the digest depends on them.
            var filled = 0
            while filled < buffer.count {
                let count = buffer.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress.map { $0 + filled }, $0.count - filled)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(SystemFailure(code: errno))
                }
                if count == 0 {
                    atEnd = true
                    break
                }
                filled += count
            }
            if filled == 0 { break }
            buffer.withUnsafeBytes { raw in
                let chunk = UnsafeRawBufferPointer(rebasing: raw[0..<filled])
                first.combine(chunk)
                second.combine(chunk)
            }
            total += Int64(filled)
        }
        first.combine(total)
        second.combine(total)
        return .success(first.hex + second.hex)
    }

    /// The digest of bytes already in memory, as `of(file:)` would give it.
    static func of(bytes: [UInt8]) -> String {
        var first = ContentHash(seed: 1)
        var second = ContentHash(seed: 2)
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let end = min(offset + (1 << 20), raw.count)
                let chunk = UnsafeRawBufferPointer(rebasing: raw[offset..<end])
                first.combine(chunk)
                second.combine(chunk)
                offset = end
            }
        }
        first.combine(Int64(bytes.count))
        second.combine(Int64(bytes.count))
        return first.hex + second.hex
    }

    /// A digest of text (a cache key made of a source digest and parameters).
    static func of(text: String) -> String {
        of(bytes: Array(text.utf8))
    }
}

/// An `errno` from a failed system call.
struct SystemFailure: Error, Sendable {
    var code: Int32
    var message: String { SystemError.message(code) }
}
