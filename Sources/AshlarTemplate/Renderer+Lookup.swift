extension Renderer {
    /// Resolves a name against the context stack the way the spec says.
    ///
    /// `.` is the top of the stack. Otherwise the first part is looked up from
    /// the top down in the objects on the stack; the remaining parts are looked
    /// up only inside that result, so a broken chain is a miss even when a lower
    /// context has the full path.
    func lookup(_ name: Name) -> TemplateValue? {
        guard let first = name.parts.first else { return context.last }
        var found: TemplateValue?
        for frame in context.reversed() {
            if case .object(let members) = frame, let value = members[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            guard case .object(let members) = value, let member = members[part] else { return nil }
            value = member
        }
        return value
    }
}
