extension TemplateValue: Decodable {
    /// Decodes any JSON value: numbers become `.number`, `true`/`false` become `.bool`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([TemplateValue].self) {
            self = .array(array)
        } else {
            // A dictionary first, as JSONDecoder gives an object; its order is lost, which keys are not.
            let members = try container.decode([String: TemplateValue].self)
            self = .object(TemplateObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
    }
}
