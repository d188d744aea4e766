import AshlarTemplate

extension TemplateValue {
    /// JSON as template data.
    package init(_ json: JSONValue) {
        switch json.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(TemplateValue.init))
        case .object(let members):
            var object = TemplateObject()
            for member in members { object[member.key] = TemplateValue(member.value) }
            self = .object(object)
        }
    }
}
