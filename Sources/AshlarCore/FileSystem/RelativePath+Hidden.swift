extension RelativePath {
    /// Whether any segment of `path` names a hidden file or folder (starts with `.`, as `.git`,
    /// `.env` or `.secret/token.txt` do). Such paths are never published, at any depth. `.` and
    /// `..` segments are navigation, not names, and do not count.
    static func isHidden(_ path: some StringProtocol) -> Bool {
        path.split(separator: "/").contains { segment in
            segment.hasPrefix(".") && segment != "." && segment != ".."
        }
    }
}
