/// HTML's character references as CommonMark reads them: named (HTML5's list), decimal and
/// hexadecimal.
enum MarkdownEntities {
    /// The named references, read from `table` once.
    static let named: [String: [Unicode.Scalar]] = {
        var result: [String: [Unicode.Scalar]] = [:]
        for entry in table.split(whereSeparator: { $0 == "|" || $0 == "\n" }) {
            let parts = entry.split(separator: " ")
            guard parts.count == 2 else { continue }
            let scalars = parts[1].split(separator: "+").compactMap {
                UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
            }
            result[String(parts[0])] = scalars
        }
        return result
    }()

    /// The characters a reference at `start` (an `&`) stands for, and its length with `&` and
    /// `;`, if it is one.
    static func reference(in text: [Unicode.Scalar], at start: Int) -> ([Unicode.Scalar], Int)? {
        var index = start + 1
        guard index < text.count else { return nil }
        if text[index] == "#" {
            index += 1
            let hex = index < text.count && (text[index] == "x" || text[index] == "X")
            if hex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < text.count, index - digitsStart < (hex ? 6 : 7) {
                let digit: UInt32
                if let decimal = text[index].asciiDigitValue {
                    digit = UInt32(decimal)
                } else if hex, case let lower = text[index].value | 0x20, (0x61...0x66).contains(lower) {
                    digit = lower - 0x61 + 10
                } else {
                    break
                }
                value = value * (hex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart, index < text.count, text[index] == ";" else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return ([scalar ?? "\u{FFFD}"], index + 1 - start)
        }
        let nameStart = index
        while index < text.count, index - nameStart < 32,
            text[index].isASCIILetter || text[index].asciiDigitValue != nil
        {
            index += 1
        }
        guard index > nameStart, index < text.count, text[index] == ";" else { return nil }
        let name = String(String.UnicodeScalarView(text[nameStart..<index]))
        guard let scalars = named[name] else { return nil }
        return (scalars, index + 1 - start)
    }
}
