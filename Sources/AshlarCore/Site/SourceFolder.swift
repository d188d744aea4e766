/// One folder of the source tree as found on disk: its files and subfolders, in a fixed
/// (byte-wise) order so every build sees the same tree.
public struct SourceFolder: Sendable, Equatable {
    /// Path relative to the source root, with `/` separators; empty for the root.
    public var relativePath: String
    public var fileNames: [String]
    public var subfolders: [SourceFolder]

    public init(relativePath: String, fileNames: [String] = [], subfolders: [SourceFolder] = []) {
        self.relativePath = relativePath
        self.fileNames = fileNames
        self.subfolders = subfolders
    }

    /// The folder's own name (empty for the root).
    public var name: String {
        relativePath.split(separator: "/").last.map(String.init) ?? ""
    }

    /// The relative path of a file in this folder.
    public func path(of fileName: String) -> String {
        relativePath.isEmpty ? fileName : relativePath + "/" + fileName
    }
}
