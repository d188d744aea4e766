/// Named templates that can include each other as partials and parents.
///
/// Names are what tags refer to (`{{> tile}}` looks up `"tile"`); each
/// template keeps its own path for messages.
public struct TemplateLibrary: Sendable {
    /// The templates by name.
    public var templates: [String: Template]

    /// A library of already parsed templates, keyed by the names tags use.
    public init(templates: [String: Template] = [:]) {
        self.templates = templates
    }

    /// Parses each source, using its name as its path; the first error in name order is thrown.
    public init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try Template(source: source, path: name)
        }
        self.templates = templates
    }

    /// The template tags call `name`; assigning `nil` removes it.
    public subscript(name: String) -> Template? {
        get { templates[name] }
        set { templates[name] = newValue }
    }

    /// Renders the template called `name`; it is an error if there is none.
    public func render(_ name: String, with data: TemplateValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            throw TemplateError(path: name, line: 0, column: 0, reason: "no template named '\(name)'")
        }
        return try render(template, with: data, named: name)
    }

    /// Renders `template`, which need not be in the library, resolving partials and parents here.
    ///
    /// A partial or parent that is not in the library renders as nothing, as the spec says;
    /// `missingReferences()` finds the static ones ahead of time.
    public func render(_ template: Template, with data: TemplateValue) throws(TemplateError) -> String {
        try render(template, with: data, named: template.path)
    }

    private func render(_ template: Template, with data: TemplateValue, named name: String) throws(TemplateError) -> String {
        var renderer = Renderer(templates: templates, root: template, named: name, data: data)
        try renderer.render()
        return renderer.output.makeString()
    }

    /// Static references to templates that are not in the library, as (template path, reference),
    /// ordered by template name and then by position.
    public func missingReferences() -> [(template: String, reference: TemplateReference)] {
        var missing: [(template: String, reference: TemplateReference)] = []
        for name in templates.keys.sorted() {
            guard let template = templates[name] else { continue }
            for reference in template.references where templates[reference.name] == nil {
                missing.append((template.path, reference))
            }
        }
        return missing
    }
}
