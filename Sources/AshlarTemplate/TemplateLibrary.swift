/// Named templates that can include each other as partials and parents.
///
/// Names are what tags refer to (`{{> tile}}` looks up `"tile"`); each
/// template keeps its own path for messages.
public struct TemplateLibrary: Sendable {
    /// The templates by name.
    public var templates: [String: Template]
    /// How much one render may do: sections entered, list items and partials expanded, together.
    /// Sections nested over lists multiply (ten nested sections over a two-item list render 1,024
    /// times), so a template can ask for more work than any page needs; past this limit the render
    /// stops with an error instead of running for hours.
    public var workLimit = TemplateLibrary.defaultWorkLimit
    /// The most one render may write; past it the render stops with an error.
    public var outputLimit = TemplateLibrary.defaultOutputLimit

    /// 5 million steps: an album page of 10,000 photos in the default theme takes about 80,000
    /// (a list item, a partial and a few sections a tile), one of 100,000 photos about 800,000.
    public static let defaultWorkLimit = 5_000_000
    /// 256 MiB.
    public static let defaultOutputLimit = 256 << 20

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

    /// Renders the template named `name` as UTF-8 bytes: `render(_:with:)` without the
    /// conversion to `String`, for output that goes straight to a file.
    public func renderBytes(_ name: String, with data: TemplateValue) throws(TemplateError) -> [UInt8] {
        guard let template = templates[name] else {
            throw TemplateError(path: name, line: 0, column: 0, reason: "no template named '\(name)'")
        }
        return try renderer(template, with: data, named: name).output.makeBytes()
    }

    private func render(_ template: Template, with data: TemplateValue, named name: String) throws(TemplateError)
        -> String
    {
        try renderer(template, with: data, named: name).output.makeString()
    }

    /// A renderer that has rendered `template`.
    private func renderer(_ template: Template, with data: TemplateValue, named name: String) throws(TemplateError)
        -> Renderer
    {
        var renderer = Renderer(templates: templates, root: template, named: name, data: data)
        renderer.workLimit = workLimit
        renderer.outputLimit = outputLimit
        try renderer.render()
        return renderer
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
