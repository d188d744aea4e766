extension String {
    /// The text with control characters written out (`\n`, `\r`, `\t`, `\u{1b}`), so that a
    /// diagnostic naming a file called `a⏎b.jpg` still takes exactly one line of the terminal or
    /// log, and no escape sequence in a file name reaches the terminal.
    var oneLine: String {
        guard unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) else {
            return self
        }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
