extension String {
    /// The text in double quotes for a message, shortened to 40 characters, with quotes,
    /// backslashes and control characters escaped.
    var quotedForMessage: String {
        var result = "\""
        var count = 0
        for scalar in unicodeScalars {
            if count == 40 {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
