/// One element of a parsed template tree.
indirect enum Node: Sendable {
    /// Literal text: a piece of one source line, with its line break if it ends the line.
    case text(Text)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
    case variable(Name, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(Name, [Node], inverted: Bool, Location)
    /// `{{> name}}`; `indentation` is set when the tag stands alone on its line.
    case partial(Target, indentation: String?, Location)
    /// `{{< name}}…{{/name}}` with the blocks it passes to the parent.
    case parent(Target, arguments: [String: Block], indentation: String?, Location)
    /// `{{$ name}}default{{/name}}` outside a parent tag: a place a caller may fill.
    case block(String, Block, indentation: String?, Location)

    struct Text: Sendable {
        let string: String
        /// The text ends with a line break, so the next text starts a line.
        let endsLine: Bool
        /// The text is only a line break; indentation is not added to empty lines.
        let isLineBreak: Bool
    }

    /// Which template a partial or parent tag pulls in.
    enum Target: Sendable {
        case named(String)
        /// `{{>*name}}`: the template's name is the value of `name` in the data.
        case dynamic(Name)
    }

    /// The content of a block, with the path of the template it was written in.
    struct Block: Sendable {
        let nodes: [Node]
        let path: String
    }

    /// 1-based line and column of a tag's opening delimiter.
    struct Location: Sendable, Equatable {
        let line: Int
        let column: Int
    }
}
