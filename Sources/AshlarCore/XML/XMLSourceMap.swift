/// Finds where things are in an XML source, for diagnostics. The XML reader reports an element
/// at the end of its start tag; this walks back to the `<` and, for an attribute, forward to
/// its value.
struct XMLSourceMap {
    let source: [UInt8]

    init(_ source: [UInt8]) {
        self.source = source
    }

    func location(of place: XMPPacket.Location) -> SourceLocation {
        guard let tagEnd = offset(line: place.line, column: place.column) else {
            return SourceLocation(line: place.line, column: place.column)
        }
        var tagStart = min(tagEnd, source.count - 1)
        while tagStart > 0, source[tagStart] != UInt8(ascii: "<") { tagStart -= 1 }
        guard source.indices.contains(tagStart), source[tagStart] == UInt8(ascii: "<") else {
            return SourceLocation(line: place.line, column: place.column)
        }
        guard let attribute = place.attribute else { return SourceLocation(offset: tagStart, in: source) }
        let name = Array(attribute.utf8)
        var index = tagStart
        while index + name.count < min(tagEnd + 1, source.count) {
            let before = source[index - 1 < 0 ? 0 : index - 1]
            if [0x20, 0x09, 0x0A, 0x0D].contains(before), source[index..<(index + name.count)].elementsEqual(name) {
                var valueStart = index + name.count
                while valueStart < source.count,
                    [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains(source[valueStart])
                {
                    valueStart += 1
                }
                // Point inside the quotes, at the value itself.
                return SourceLocation(offset: min(valueStart + 1, source.count), in: source)
            }
            index += 1
        }
        return SourceLocation(offset: tagStart, in: source)
    }

    /// The byte offset of a 1-based line and column (the reader counts columns in Unicode
    /// scalars, so multi-byte characters before the place count once).
    private func offset(line: Int, column: Int) -> Int? {
        var currentLine = 1
        var index = 0
        while currentLine < line {
            guard let newline = source[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            index = newline + 1
            currentLine += 1
        }
        var scalars = 1
        while scalars < column, index < source.count {
            index += 1
            // Continuation bytes belong to the scalar already counted.
            while index < source.count, source[index] & 0xC0 == 0x80 { index += 1 }
            scalars += 1
        }
        return index < source.count ? index : nil
    }
}
