extension String {
    /// The text without leading and trailing spaces, tabs and line breaks: the one trim of the
    /// readers here and of AshlarCore's sidecars.
    package var trimmingSpaces: String {
        // Most text has nothing to trim: an ASCII letter, digit or mark at both ends.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
