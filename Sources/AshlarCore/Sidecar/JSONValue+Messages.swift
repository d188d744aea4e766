extension JSONValue {
    /// The value as a message quotes it after "found": scalars as written (`-4`, `"wide"`,
    /// `true`, `null`), lists and objects by their type (`a list`).
    public var foundDescription: String {
        switch kind {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.messageText
        case .string(let text): text.quotedForMessage
        case .array: "a list"
        case .object: "an object"
        }
    }
}

extension Double {
    /// `-4` rather than `-4.0`; other values as Swift prints them.
    var messageText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}

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
