import Foundation

/// Plain POSIX reads: open, fstat, read, close. Far cheaper than `FileHandle` for the tens of
/// thousands of small files (sidecars, image headers) a build reads.
enum RawFile {
    struct Failure: Error {
        var code: Int32
        var reason: String { SystemError.message(code) }
    }

    /// Up to `limit` bytes from the start of the file, and the file's size.
    static func read(_ path: String, upTo limit: Int) -> Result<(bytes: [UInt8], size: Int), Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Failure(code: errno)) }
        let size = Int(info.st_size)
        let wanted = max(0, min(limit, size))
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, wanted - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(code: errno))
            }
            if count == 0 { break }
            filled += count
        }
        if filled < wanted { bytes.removeLast(wanted - filled) }
        return .success((bytes, size))
    }
}
