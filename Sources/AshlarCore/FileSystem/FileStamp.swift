import Glibc

/// A file's size and modification time (nanoseconds since 1970), as `stat` reports them.
public struct FileStamp: Sendable, Equatable, Hashable {
    public var size: Int64
    public var modified: Int64

    public init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// The size and modification time `stat` reported.
    init(_ info: stat) {
        self.init(size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
