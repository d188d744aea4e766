/// A static `{{> name}}` or `{{< name}}` in a template, for "missing partial" warnings.
public struct TemplateReference: Sendable, Equatable {
    /// How the template is pulled in.
    public enum Kind: Sendable, Equatable {
        /// `{{> name}}`
        case partial
        /// `{{< name}}…{{/name}}`
        case parent
    }

    /// The referenced template's name.
    public var name: String
    /// 1-based line of the tag's opening delimiter.
    public var line: Int
    /// 1-based column of the tag's opening delimiter, in Unicode scalars.
    public var column: Int
    /// Whether the tag is a partial or a parent.
    public var kind: Kind

    /// A reference to `name` from the tag at `line:column`.
    public init(name: String, line: Int, column: Int, kind: Kind) {
        self.name = name
        self.line = line
        self.column = column
        self.kind = kind
    }
}
