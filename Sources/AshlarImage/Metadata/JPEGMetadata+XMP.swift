extension JPEGMetadata {
    static let exifNamespace = Array("http://ns.adobe.com/exif/1.0/".utf8)

    /// `exif` and every other prefix the packet binds to the EXIF namespace (`xmlns:p="…/exif/1.0/"`),
    /// in one pass over the packet.
    static func exifPrefixes(in xmp: [UInt8]) -> Set<[UInt8]> {
        var prefixes: Set<[UInt8]> = [Array("exif".utf8)]
        let binding = Array("xmlns:".utf8)
        var index = 0
        while let found = firstRange(of: binding, in: xmp, from: index) {
            index = found.upperBound
            var end = index
            while end < xmp.count, isNameByte(xmp[end]), xmp[end] != UInt8(ascii: ":") { end += 1 }
            var value = end
            while value < xmp.count, isSpace(xmp[value]) || xmp[value] == UInt8(ascii: "=") { value += 1 }
            guard value < xmp.count, xmp[value] == UInt8(ascii: "\"") || xmp[value] == UInt8(ascii: "'"),
                end > index,
                xmp[value + 1..<min(value + 1 + exifNamespace.count, xmp.count)].elementsEqual(exifNamespace)
            else { continue }
            prefixes.insert(Array(xmp[index..<end]))
            index = value + 1
        }
        return prefixes
    }

    /// The next `prefix:GPS` at or after `start` whose prefix is one of `prefixes` and starts a
    /// name (the byte before it is not a name byte): from the prefix's first byte to the end of
    /// `:GPS`. Each `:GPS` is looked at once and its prefix read backwards no further than the
    /// `:` before it, so a packet binding thousands of prefixes costs one pass, not one per prefix.
    static func nextEXIFGPSName(in xmp: [UInt8], from start: Int, prefixes: Set<[UInt8]>) -> Range<Int>? {
        let needle = Array(":GPS".utf8)
        var index = start
        while let found = firstRange(of: needle, in: xmp, from: index) {
            index = found.upperBound
            var nameStart = found.lowerBound
            while nameStart > start, isNameByte(xmp[nameStart - 1]), xmp[nameStart - 1] != UInt8(ascii: ":") {
                nameStart -= 1
            }
            guard nameStart > 0, nameStart < found.lowerBound, !isNameByte(xmp[nameStart - 1]),
                prefixes.contains(Array(xmp[nameStart..<found.lowerBound]))
            else { continue }
            return nameStart..<found.upperBound
        }
        return nil
    }

    /// The `GPS…` properties of the EXIF namespace in a packet, in attribute form
    /// (`exif:GPSLatitude="…"`) and element form (`<exif:GPSLatitude>…</exif:GPSLatitude>` or
    /// `<exif:GPSLatitude …/>`), by name without the prefix. Returns `nil` when an element's or
    /// attribute's end cannot be found, so the properties cannot be delimited. Mentions in text
    /// are not properties. One pass over the packet, whatever the number of prefixes.
    static func gpsProperties(in xmp: [UInt8]) -> [[UInt8]]? {
        let prefixes = exifPrefixes(in: xmp)
        var properties: [[UInt8]] = []
        var index = 0
        while let found = nextEXIFGPSName(in: xmp, from: index, prefixes: prefixes) {
            index = found.upperBound
            let start = found.lowerBound
            var nameEnd = found.upperBound
            while nameEnd < xmp.count, isNameByte(xmp[nameEnd]) { nameEnd += 1 }
            let name = Array(xmp[found.upperBound - 3..<nameEnd])
            if xmp[start - 1] == UInt8(ascii: "<") {
                guard let end = elementEnd(in: xmp, nameStart: start, nameEnd: nameEnd) else { return nil }
                properties.append(name)
                index = end
            } else if isSpace(xmp[start - 1]) {
                var cursor = nameEnd
                while cursor < xmp.count, isSpace(xmp[cursor]) { cursor += 1 }
                guard cursor < xmp.count, xmp[cursor] == UInt8(ascii: "=") else { continue }
                cursor += 1
                while cursor < xmp.count, isSpace(xmp[cursor]) { cursor += 1 }
                guard cursor < xmp.count, xmp[cursor] == UInt8(ascii: "\"") || xmp[cursor] == UInt8(ascii: "'"),
                    let close = xmp[(cursor + 1)...].firstIndex(of: xmp[cursor])
                else { return nil }
                properties.append(name)
                index = close + 1
            }
        }
        return properties
    }

    /// The offset just past the element whose name spans `nameStart..<nameEnd` (after its `<`):
    /// past `/>` for an empty element, else past its matching end tag.
    private static func elementEnd(in xmp: [UInt8], nameStart: Int, nameEnd: Int) -> Int? {
        var cursor = nameEnd
        var quote: UInt8?
        while cursor < xmp.count {
            let byte = xmp[cursor]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            cursor += 1
        }
        guard cursor < xmp.count else { return nil }
        if xmp[cursor - 1] == UInt8(ascii: "/") { return cursor + 1 }
        let closing = Array("</".utf8) + xmp[nameStart..<nameEnd]
        guard let found = firstRange(of: closing, in: xmp, from: cursor + 1) else { return nil }
        var end = found.upperBound
        while end < xmp.count, isSpace(xmp[end]) { end += 1 }
        guard end < xmp.count, xmp[end] == UInt8(ascii: ">") else { return nil }
        return end + 1
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// ASCII letters, digits, `_ - . :` and any non-ASCII byte (UTF-8 name characters).
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    /// The first occurrence of `needle` in `bytes` at or after `start`.
    static func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        guard let first = needle.first, !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            guard let candidate = bytes[index...last].firstIndex(of: first) else { return nil }
            if bytes[candidate..<candidate + needle.count].elementsEqual(needle) {
                return candidate..<candidate + needle.count
            }
            index = candidate + 1
        }
        return nil
    }
}
