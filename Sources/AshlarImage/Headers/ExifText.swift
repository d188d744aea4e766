/// How EXIF and IPTC-IIM text is decoded.
enum ExifText {
    /// UTF-8 when valid, else Latin-1 (what older cameras and tools write).
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        String(validating: bytes, as: UTF8.self) ?? String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    /// UTF-16 up to the first NUL (a last odd byte is padding); nil for unpaired surrogates.
    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String? {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            let unit = bigEndian ? first << 8 | second : second << 8 | first
            if unit == 0 { break }
            units.append(unit)
            index += 2
        }
        var text = ""
        var decoder = UTF16()
        var iterator = units.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        return text
    }

    /// Trimmed text, or nil when only spaces (or nothing) remain.
    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }
}
