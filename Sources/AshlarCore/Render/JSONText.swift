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
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: Value, to output: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, to: &output)
        case .number(let number): CSSNumber.append(number, digits: 6, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(item, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.0, to: &output)
                output.append(UInt8(ascii: ":"))
                write(member.1, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Byte by byte: every character escaped is ASCII but the line and paragraph separators,
    /// whose UTF-8 is `E2 80 A8` and `E2 80 A9`; every other byte is copied as it is.
    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case UInt8(ascii: "<"): output += Array("\\u003c".utf8)
                case UInt8(ascii: ">"): output += Array("\\u003e".utf8)
                case UInt8(ascii: "&"): output += Array("\\u0026".utf8)
                case 0xE2
                where index + 1 < bytes.count && bytes[index] == 0x80
                    && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    output += Array((bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
