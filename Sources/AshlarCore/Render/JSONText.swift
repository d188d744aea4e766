/// JSON written by Ashlar (JSON-LD in pages): keys in the order given, and `<`, `>`, `&` and the
/// line separators escaped, so the text is safe inside an HTML `<script>` element.
enum JSONText {
    indirect enum Value {
        case string(String)
        case number(Double)
        case array([Value])
        case object([(String, Value)])
    }

    static func serialize(_ value: Value) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    private static func write(_ value: Value, to output: inout String) {
        switch value {
        case .string(let text): writeString(text, to: &output)
        case .number(let number): output += CSSNumber.format(number, digits: 6)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                write(item, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeString(member.0, to: &output)
                output += ":"
                write(member.1, to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<": output += "\\u003c"
            case ">": output += "\\u003e"
            case "&": output += "\\u0026"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
