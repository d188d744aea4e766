import AshlarPlatform
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
        return bytes(of: descriptor, count: wanted, at: 0).map { ($0, size) }
    }

    /// The bytes of `range` of the file (a camera RAW's embedded preview); fewer when the file
    /// ends first.
    static func read(_ path: String, range: Range<Int>) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(descriptor) }
        return bytes(of: descriptor, count: max(0, range.count), at: range.lowerBound)
    }

    /// `count` bytes of the open file from `offset`, just opened; fewer when the file ends first.
    /// From the start, plain `read`s, which also read what cannot seek (a FIFO named as a
    /// configuration file); elsewhere `pread`.
    private static func bytes(of descriptor: Int32, count wanted: Int, at offset: Int) -> Result<[UInt8], Failure> {
        var failure: Int32 = 0
        // Read straight into the array's storage: no zero-filling first, which for an 8 MB photo
        // is 8 MB of memory written for nothing.
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var filled = 0
            while filled < wanted, let base = buffer.baseAddress {
                let count =
                    offset == 0
                    ? Platform.read(descriptor, base + filled, wanted - filled)
                    : pread(descriptor, base + filled, wanted - filled, off_t(offset + filled))
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }
                filled += count
            }
            initialized = filled
        }
        if failure != 0 { return .failure(Failure(code: failure)) }
        return .success(bytes)
    }
}
