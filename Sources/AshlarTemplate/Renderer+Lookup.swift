extension Renderer {
    /// Resolves a name against the context stack the way the spec says.
    ///
    /// `.` is the top of the stack. Otherwise the first part is looked up from
    /// the top down in the objects on the stack; the remaining parts are looked
    /// up only inside that result, so a broken chain is a miss even when a lower
    /// context has the full path.
    func lookup(_ name: Name) -> TemplateValue? {
        guard let first = name.first else { return context.last }
        var index = context.count - 1
        while index >= 0 {
            if case .object(let members) = context[index], let value = members[first] {
                return name.rest.isEmpty ? value : Self.resolve(name.rest, in: value)
            }
            index -= 1
        }
        return nil
    }

    private static func resolve(_ parts: [String], in value: TemplateValue) -> TemplateValue? {
        var value = value
        for part in parts {
            guard case .object(let members) = value, let member = members[part] else { return nil }
            value = member
        }
        return value
    }
}
