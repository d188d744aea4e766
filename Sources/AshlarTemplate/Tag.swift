/// A `{{…}}` tag, already split into its kind and name.
struct Tag: Sendable {
    enum Kind: Sendable, Equatable {
        /// `{{name}}`
        case variable
        /// `{{{name}}}` or `{{& name}}`
        case rawVariable
        /// `{{#name}}`
        case section
        /// `{{^name}}`
        case invertedSection
        /// `{{/name}}`
        case close
        /// `{{! … }}`
        case comment
        /// `{{=<% %>=}}`
        case delimiters
        /// `{{> name}}`
        case partial
        /// `{{< name}}`
        case parent
        /// `{{$ name}}`
        case block

        /// Whether the tag may stand alone on a line and take the line with it.
        var canStandAlone: Bool {
            self != .variable && self != .rawVariable
        }

        /// Whether the tag opens something a `{{/name}}` must close.
        var opensElement: Bool {
            self == .section || self == .invertedSection || self == .parent || self == .block
        }

        /// How messages call the element this tag opens.
        var noun: String {
            switch self {
            case .variable, .rawVariable: "variable"
            case .section: "section"
            case .invertedSection: "inverted section"
            case .close: "closing tag"
            case .comment: "comment"
            case .delimiters: "set-delimiter tag"
            case .partial: "partial"
            case .parent: "parent"
            case .block: "block"
            }
        }
    }

    var kind: Kind
    /// The name with padding, sigil and any dynamic `*` removed; empty for comments and delimiters.
    var name: String
    /// `{{>*name}}` or `{{<*name}}` (and the `{{/*name}}` closing it): the name is looked up in the data.
    var isDynamic: Bool
    /// Byte offset of the opening delimiter.
    var start: Int
    /// Byte offset just past the closing delimiter.
    var end: Int

    /// The name as written in the tag, which a closing tag must repeat.
    var spelledName: String {
        isDynamic ? "*" + name : name
    }
}
