/// How Markdown is turned into HTML.
public struct MarkdownOptions: Sendable, Equatable {
    /// Whether raw HTML (HTML blocks and inline tags) passes into the page. When `false`, the
    /// default, it is escaped and shows as text, and links and images whose address uses a
    /// scheme that runs code or reads local files (`javascript:`, `vbscript:`, `file:`, `data:`
    /// other than a PNG, GIF, JPEG or WebP image) lose their address.
    public var allowsRawHTML: Bool

    /// The deepest nesting of block quotes and lists, and of emphasis, links and images, that is
    /// kept; markers deeper than this are text. It bounds the work and the stack on hostile input.
    public var maximumNesting: Int

    /// Options with raw HTML escaped, or allowed.
    public init(allowsRawHTML: Bool = false, maximumNesting: Int = 64) {
        self.allowsRawHTML = allowsRawHTML
        self.maximumNesting = max(1, maximumNesting)
    }
}
