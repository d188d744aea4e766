import Foundation
import Testing

@testable import AshlarCore

/// What the renderer does beyond the spec: raw HTML escaped by default, unsafe addresses
/// dropped, the first heading found, nesting bounded on hostile input.
@Suite struct MarkdownDocumentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let markdown: String
        let html: String
        var allowsRawHTML = false
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "html block escaped", markdown: "<div onclick=\"x()\">\nhi\n</div>\n",
            html: "<p>&lt;div onclick=&quot;x()&quot;&gt;\nhi\n&lt;/div&gt;</p>\n"),
        Case(
            id: "html block allowed", markdown: "<div>\nhi\n</div>\n", html: "<div>\nhi\n</div>\n", allowsRawHTML: true),
        Case(
            id: "inline tag escaped", markdown: "a <script>alert(1)</script> b\n",
            html: "<p>a &lt;script&gt;alert(1)&lt;/script&gt; b</p>\n"),
        Case(id: "inline tag allowed", markdown: "a <b>c</b>\n", html: "<p>a <b>c</b></p>\n", allowsRawHTML: true),
        Case(
            id: "javascript link dropped", markdown: "[x](javascript:alert(1))\n", html: "<p><a href=\"\">x</a></p>\n"),
        Case(
            id: "javascript autolink dropped", markdown: "<JavaScript:alert(1)>\n",
            html: "<p><a href=\"\">JavaScript:alert(1)</a></p>\n"),
        Case(
            id: "data image kept", markdown: "![a](data:image/png;base64,AAAA)\n",
            html: "<p><img src=\"data:image/png;base64,AAAA\" alt=\"a\" /></p>\n"),
        Case(id: "data link dropped", markdown: "[a](data:text/html,x)\n", html: "<p><a href=\"\">a</a></p>\n"),
        Case(
            id: "javascript kept when allowed", markdown: "[x](javascript:y)\n",
            html: "<p><a href=\"javascript:y\">x</a></p>\n", allowsRawHTML: true),
        Case(id: "text escaped", markdown: "Tom & \"Jerry\" <3\n", html: "<p>Tom &amp; &quot;Jerry&quot; &lt;3</p>\n"),
    ]

    @Test(arguments: cases)
    func renders(_ example: Case) {
        let document = MarkdownDocument(
            parsing: example.markdown, options: MarkdownOptions(allowsRawHTML: example.allowsRawHTML))
        #expect(document.html == example.html)
    }

    @Test(
        arguments: [
            ("# About *me*\n\ntext\n", "About me"),
            ("intro\n\nContact\n=======\n\n## Later\n", "Contact"),
            ("no heading here\n", nil),
            ("#   Spaced    out  #\n", "Spaced out"),
        ] as [(String, String?)])
    func firstHeading(_ markdown: String, _ heading: String?) {
        #expect(MarkdownDocument(parsing: markdown).firstHeading == heading)
    }

    @Test func blockNestingIsBounded() {
        let quotes = String(repeating: ">", count: 10_000) + " deep\n"
        let html = MarkdownDocument(parsing: quotes, options: MarkdownOptions(maximumNesting: 8)).html
        #expect(html.components(separatedBy: "<blockquote>").count - 1 == 8)
        #expect(html.contains("deep"))
        let lists = String(repeating: "- ", count: 10_000) + "item\n"
        let listHTML = MarkdownDocument(parsing: lists, options: MarkdownOptions(maximumNesting: 8)).html
        #expect(listHTML.components(separatedBy: "<li>").count - 1 <= 8)
        #expect(listHTML.contains("item"))
    }

    @Test func inlineNestingIsBounded() {
        let emphasis = String(repeating: "*a ", count: 5_000) + String(repeating: "a* ", count: 5_000)
        let html = MarkdownDocument(parsing: emphasis, options: MarkdownOptions(maximumNesting: 16)).html
        #expect(html.components(separatedBy: "<em>").count - 1 <= 16)
        let images = String(repeating: "![", count: 5_000) + "x" + String(repeating: "](u)", count: 5_000)
        let imageHTML = MarkdownDocument(parsing: images, options: MarkdownOptions(maximumNesting: 16)).html
        #expect(imageHTML.components(separatedBy: "<img").count - 1 <= 16)
    }

    /// Inputs that make a naive parser quadratic: each must take well under a second at 50 kB.
    @Test(arguments: [
        String(repeating: "[", count: 50_000),
        String(repeating: "[a](", count: 12_500),
        String(repeating: "*_", count: 25_000),
        String(repeating: "`", count: 1) + String(repeating: "a ``", count: 12_500),
        String(repeating: "<!--", count: 12_500),
        String(repeating: "<a b=\"", count: 8_000),
        String(repeating: "a *b ", count: 10_000),
        String(repeating: "- ", count: 25_000),
        String(repeating: "> ", count: 25_000),
        String(repeating: "[x]: /u\n", count: 6_000),
    ])
    func hostileInputIsFast(_ markdown: String) {
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = MarkdownDocument(parsing: markdown) }
        #expect(elapsed < .seconds(2), "took \(elapsed)")
    }
}
