/// Paths relative to a site's source or output root, `/`-separated.
enum RelativePath {
    /// `a/b/c.html` → (`a/b`, `c.html`); `c.html` → (``, `c.html`).
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }

    /// A relative path with no empty, `.` or `..` segment and no NUL. A backslash is an ordinary
    /// character in a file name here (`back\slash.jpg`), and links percent-encode it.
    static func isSafe(_ path: String) -> Bool {
        // One pass over the bytes: every build checks each of its 10,000s of paths.
        var segmentLength = 0
        var dots = 0
        for byte in path.utf8 {
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
