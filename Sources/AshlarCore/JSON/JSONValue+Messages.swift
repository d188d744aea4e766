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
