/// Lines and columns of many byte offsets of one file in a single pass: each call starts where
/// the last one stopped when offsets come in increasing order. Counts as
/// `SourceLocation(offset:in:)` does (columns are Unicode scalars; a leading byte order mark is
/// not a column).
struct SourceLocator {
    private let bytes: [UInt8]
    private let byteOrderMark: Bool
    private var index = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    }

    mutating func location(of offset: Int) -> SourceLocation {
        if offset < index { self = SourceLocator(bytes: bytes) }
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            index += 1
            if byteOrderMark, index <= 3 { continue }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }
}
