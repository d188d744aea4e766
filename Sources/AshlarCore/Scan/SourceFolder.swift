/// One folder of the source tree as found on disk: its files and subfolders, in a fixed
/// (byte-wise) order so every build sees the same tree.
package struct SourceFolder: Sendable, Equatable {
    /// Path relative to the source root, with `/` separators; empty for the root.
    package var relativePath: String
    package var fileNames: [String]
    /// Size and modification time of each file, in the order of `fileNames`: what tells a
    /// rebuild that nothing changed without reading anything.
    package var fileStamps: [FileStamp]
    package var subfolders: [SourceFolder]

    package init(
        relativePath: String, fileNames: [String] = [], fileStamps: [FileStamp] = [], subfolders: [SourceFolder] = []
    ) {
        self.relativePath = relativePath
        self.fileNames = fileNames
        self.fileStamps =
            fileStamps.count == fileNames.count ? fileStamps : fileNames.map { _ in FileStamp(size: -1, modified: -1) }
        self.subfolders = subfolders
    }

    /// Every file below this folder with its stamp, folders in order.
    package func forEachFile(_ body: (String, FileStamp) -> Void) {
        for (name, stamp) in zip(fileNames, fileStamps) { body(path(of: name), stamp) }
        for subfolder in subfolders { subfolder.forEachFile(body) }
    }

    /// The folder's own name (empty for the root).
    package var name: String {
        relativePath.split(separator: "/").last.map(String.init) ?? ""
    }

    /// The relative path of a file in this folder.
    package func path(of fileName: String) -> String {
        relativePath.isEmpty ? fileName : relativePath + "/" + fileName
    }
}
