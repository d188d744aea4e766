/// A Mustache template parsed once into a tree, ready to render many times.
///
/// Supports the spec's interpolation, sections, inverted sections, comments,
/// set-delimiter tags, partials, template inheritance (`{{< parent}}`,
/// `{{$ block}}`) and dynamic names (`{{>*name}}`, `{{<*name}}`). Lambdas are
/// not supported: data is plain `TemplateValue`.
public struct Template: Sendable {
    /// The path given at parse time, used in error messages.
    public let path: String
    /// Static partial and parent references (`{{> name}}`, `{{< name}}`) in source order.
    public let references: [TemplateReference]
    let nodes: [Node]
    /// Keeps alive the text and variable nodes that `nodes` refers to unretained.
    let owners: [any AnyObject & Sendable]

    /// Parses `source`; errors carry `path` and the 1-based line and column of the offending tag.
    public init(source: String, path: String) throws(TemplateError) {
        let bytes = Array(source.utf8)
        var scanner = Scanner(bytes: bytes, path: path)
        let tokens = try scanner.scan()
        var parser = Parser(bytes: bytes, path: path, tokens: tokens)
        let tree = try parser.parse()
        self.path = path
        self.references = tree.references
        self.nodes = tree.nodes
        self.owners = tree.owners
    }

    /// Renders without partials: every `{{> name}}` and `{{< name}}` expands to nothing.
    public func render(with data: TemplateValue) throws(TemplateError) -> String {
        try TemplateLibrary().render(self, with: data)
    }
}
