import Foundation

/// Links and the files below a folder, as the output-jail tests make and inspect them.
public enum LinkedFiles {
    /// Every file and folder below `folder`, links not followed, with the bytes of each file.
    public static func tree(_ folder: URL) throws -> [String: Data?] {
        var found: [String: Data?] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return found }
        while let relative = enumerator.nextObject() as? String {
            var info = stat()
            let path = folder.appendingPathComponent(relative).path
            guard lstat(path, &info) == 0 else { continue }
            let isFile = (info.st_mode & S_IFMT) == S_IFREG
            found[relative] = isFile ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
        }
        return found
    }

    /// Makes `url` a symbolic link to `destination`.
    public static func link(_ url: URL, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    /// Whether `url` is a symbolic link (not followed).
    public static func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
