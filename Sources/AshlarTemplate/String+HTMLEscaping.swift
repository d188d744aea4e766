extension String {
    /// Appends `text` with `& < > " '` replaced by their HTML entities.
    mutating func appendEscapingHTML(_ text: String) {
        let utf8 = text.utf8
        guard utf8.contains(where: Self.needsEscaping) else {
            self += text
            return
        }
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let entity: String?
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: entity = nil
            }
            if let entity {
                self += text[runStart..<index]
                self += entity
                runStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        self += text[runStart..<utf8.endIndex]
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
