/// Turns byte offsets into 1-based line and column numbers.
///
/// Walks forward from the last answer, so asking in source order costs one pass
/// over the source in total; asking for an earlier offset starts over.
struct SourceLocator {
    let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func location(of target: Int) -> (line: Int, column: Int) {
        if target < offset {
            offset = 0
            line = 1
            column = 1
        }
        let end = min(target, bytes.count)
        while offset < end {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return (line, column)
    }
}
