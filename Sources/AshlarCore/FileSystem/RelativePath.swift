/// Paths relative to a site's source or output root, `/`-separated.
enum RelativePath {
    /// `a/b/c.html` → (`a/b`, `c.html`); `c.html` → (``, `c.html`).
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = lastSlash(in: path) else { return ("", path) }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }

    /// Where the last `/` is, found in the string's bytes directly when it has them in one piece.
    private static func lastSlash(in path: String) -> String.Index? {
        let offset = path.utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: "/")) ?? -1 }
        guard let offset else { return path.utf8.lastIndex(of: UInt8(ascii: "/")) }
        return offset < 0 ? nil : path.utf8.index(path.utf8.startIndex, offsetBy: offset)
    }

    /// A relative path with no empty, `.` or `..` segment and no NUL. A backslash is an ordinary
    /// character in a file name here (`back\slash.jpg`), and links percent-encode it.
    static func isSafe(_ path: String) -> Bool {
        // One pass over the bytes, lent without a copy when the string has them in one piece:
        // every build checks each of its 10,000s of paths, and the output folder again for each
        // change it makes.
        path.utf8.withContiguousStorageIfAvailable { isSafe($0) } ?? isSafe(path.utf8)
    }

    private static func isSafe(_ bytes: some Sequence<UInt8>) -> Bool {
        var segmentLength = 0
        var dots = 0
        for byte in bytes {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                if segmentLength == 0 || segmentLength == dots && dots <= 2 { return false }
                segmentLength = 0
                dots = 0
            case UInt8(ascii: "."):
                segmentLength += 1
                dots += 1
            default:
                segmentLength += 1
            }
        }
        return segmentLength > 0 && !(segmentLength == dots && dots <= 2)
    }
}
