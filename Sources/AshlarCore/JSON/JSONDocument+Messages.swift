extension JSONDocument {
    /// A value as a message quotes it after "found": scalars as typed in the file (`-4`,
    /// `9007199254740993`, `"wide"`, `true`, `null`), lists and objects by their type (`a list`).
    /// Strings and numbers longer than 40 characters are shortened with `…`.
    package func found(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number: numberText(at: value.offset)
        case .string(let text): text.quotedForMessage
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The number token that starts at `offset`, as written. The parser accepted it, so it runs
    /// to the first byte that cannot be part of a number.
    private func numberText(at offset: Int) -> String {
        guard offset >= 0, offset < bytes.count else { return "a number" }
        var end = offset
        while end < bytes.count, end - offset <= 40 {
            switch bytes[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                end += 1
            default:
                return String(decoding: bytes[offset..<end], as: UTF8.self)
            }
        }
        if end - offset <= 40 { return String(decoding: bytes[offset..<end], as: UTF8.self) }
        return String(decoding: bytes[offset..<(offset + 40)], as: UTF8.self) + "…"
    }
}
