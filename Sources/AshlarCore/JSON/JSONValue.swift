/// A parsed JSON value that remembers where it stood in its file, so a diagnostic about a value
/// can point at it. Offsets are UTF-8 byte offsets into the parsed text; turn one into a line and
/// column with `JSONDocument.location(of:)` only when a message needs it.
package struct JSONValue: Sendable, Equatable {
    package indirect enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    package var kind: Kind
    /// Byte offset of the value's first character.
    package var offset: Int

    package init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// A short name of the value's type for messages: `a string`, `a number`, …
    package var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    package var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    package var numberValue: Double? {
        if case .number(let number) = kind { return number }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let flag) = kind { return flag }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let items) = kind { return items }
        return nil
    }

    package var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The value of the last member named `key`, when this is an object.
    package subscript(key: String) -> JSONValue? {
        members?.last { $0.key == key }?.value
    }
}

/// One `"key": value` pair of a JSON object, in file order.
package struct JSONMember: Sendable, Equatable {
    package var key: String
    /// Byte offset of the key's opening quote.
    package var keyOffset: Int
    package var value: JSONValue

    package init(key: String, keyOffset: Int, value: JSONValue) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}
