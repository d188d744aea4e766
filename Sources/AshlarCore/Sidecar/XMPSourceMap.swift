import AshlarImage

/// Finds where things are in an XML source, for diagnostics. The XML reader reports an element
/// at the end of its start tag; this walks back to the `<`. An attribute's value is found by
/// the offset the reader noted.
struct XMPSourceMap {
    let source: [UInt8]

    init(_ source: [UInt8]) {
        self.source = source
    }

    func location(of place: XMPPacket.Location) -> SourceLocation {
        // An attribute's value: the reader noted where it starts.
        if let valueOffset = place.valueOffset {
            return SourceLocation(offset: min(valueOffset, source.count), in: source)
        }
        guard let tagEnd = offset(line: place.line, column: place.column) else {
            return SourceLocation(line: place.line, column: place.column)
        }
        var tagStart = min(tagEnd, source.count - 1)
        while tagStart > 0, source[tagStart] != UInt8(ascii: "<") { tagStart -= 1 }
        guard source.indices.contains(tagStart), source[tagStart] == UInt8(ascii: "<") else {
            return SourceLocation(line: place.line, column: place.column)
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
