/// A Markdown text turned into HTML, after CommonMark (<https://spec.commonmark.org/0.31.2/>).
///
/// Pure: it reads no file and writes none. Every CommonMark construct is read (the spec's
/// examples are the tests: `MarkdownSpecTests`); raw HTML is escaped unless
/// ``MarkdownOptions/allowsRawHTML`` allows it.
public struct MarkdownDocument: Sendable, Equatable {
    /// The body, as HTML (block elements, each ending in a line break).
    public let html: String

    /// The plain text of the first heading, if the document has one (whitespace collapsed).
    public let firstHeading: String?

    /// Every link's and image's destination, as the HTML holds it (percent-encoded), in order.
    public let destinations: [String]

    /// Parses `source` and renders it as HTML.
    public init(parsing source: String, options: MarkdownOptions = MarkdownOptions()) {
        var parser = MarkdownBlockParser(options: options)
        let document = parser.parse(source)
        var writer = MarkdownHTMLWriter(options: options)
        writer.write(document, references: parser.references)
        html = writer.output
        firstHeading = writer.firstHeading
        destinations = writer.destinations
    }
}
