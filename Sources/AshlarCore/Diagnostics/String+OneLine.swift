extension String {
    /// The text with control characters and line separators written out (`\n`, `\r`, `\t`,
    /// `\u{1b}`, `\u{2028}`), so that a diagnostic naming a file called `a⏎b.jpg` still takes
    /// exactly one line of the terminal or log, and no escape sequence in a file name reaches the
    /// terminal.
    var oneLine: String {
        guard unicodeScalars.contains(where: Self.breaksLine) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if Self.breaksLine(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }
}
