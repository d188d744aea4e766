/// A place in an XML document: a 1-based line, and a 1-based column counted in Unicode scalars.
/// AshlarCore turns it into a diagnostic's location (`SourceLocation(offset:in:)` counts through
/// this one).
package struct XMLPosition: Sendable, Equatable, Hashable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of a UTF-8 byte offset in `bytes`. A byte order mark at the start is not a
    /// column: editors do not show it.
    package init(offset: Int, in bytes: some Collection<UInt8>) {
        var line = 1
        var column = 1
        var index = 0
        let byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        for byte in bytes {
            if index >= offset { break }
            index += 1
            if byteOrderMark, index <= 3 { continue }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count scalars, not bytes: continuation bytes do not advance the column.
                column += 1
            }
        }
        self.init(line: line, column: column)
    }
}
