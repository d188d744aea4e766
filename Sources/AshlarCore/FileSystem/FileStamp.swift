import AshlarPlatform
import Foundation

/// A file's size and modification time (nanoseconds since 1970), as `stat` reports them.
package struct FileStamp: Sendable, Equatable, Hashable {
    package var size: Int64
    package var modified: Int64

    package init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// The size and modification time `stat` reported.
    init(_ info: stat) {
        self.init(
            size: Int64(info.st_size),
            modified: Platform.modificationTime(info))
    }
}
