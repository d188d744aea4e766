import Testing

@testable import AshlarTemplate

/// A template that must not parse, with the exact error it gives.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var id: String
    var source: String
    var line: Int
    var column: Int
    var reason: String

    var testDescription: String { id }
}

@Suite
struct ErrorTests {
    static let cases: [ErrorCase] = [
        ErrorCase(
            id: "unclosed section", source: "a\n  {{#photos}}\n{{title}}\n", line: 2, column: 3,
            reason: "unclosed section 'photos'"),
        ErrorCase(
            id: "unclosed inverted section", source: "{{^empty}}none", line: 1, column: 1,
            reason: "unclosed inverted section 'empty'"),
        ErrorCase(
            id: "unclosed block", source: "x {{$title}}Gallery", line: 1, column: 3, reason: "unclosed block 'title'"),
        ErrorCase(
            id: "unclosed parent", source: "{{<layout}}\n{{$title}}x{{/title}}\n", line: 1, column: 1,
            reason: "unclosed parent 'layout'"),
        ErrorCase(
            id: "innermost unclosed section is reported", source: "{{#a}}\n{{#b}}\n", line: 2, column: 1,
            reason: "unclosed section 'b'"),
        ErrorCase(
            id: "mismatched closing tag", source: "<ul>\n\n    {{#photos}}\n  {{/photo}}\n", line: 4, column: 3,
            reason: "'/photo' does not close section 'photos' opened at 3:5; expected '/photos'"),
        ErrorCase(
            id: "mismatched closing tag of a block", source: "{{$a}}{{/b}}", line: 1, column: 7,
            reason: "'/b' does not close block 'a' opened at 1:1; expected '/a'"),
        ErrorCase(
            id: "closing tag with nothing open", source: "x\n{{/photos}}", line: 2, column: 1,
            reason: "unexpected closing tag '/photos': no section is open"),
        ErrorCase(
            id: "unclosed tag", source: "Hello {{name", line: 1, column: 7, reason: "unclosed tag: expected '}}'"),
        ErrorCase(
            id: "unclosed triple mustache", source: "{{{name}}", line: 1, column: 1,
            reason: "unclosed tag: expected '}}}'"),
        ErrorCase(
            id: "unclosed tag at the very end", source: "text {{", line: 1, column: 6,
            reason: "unclosed tag: expected '}}'"),
        ErrorCase(
            id: "unclosed tag with custom delimiters", source: "{{=<% %>=}}\n<%name", line: 2, column: 1,
            reason: "unclosed tag: expected '%>'"),
        ErrorCase(
            id: "unclosed set-delimiter tag", source: "{{=<% %>", line: 1, column: 1,
            reason: "unclosed tag: expected '=}}'"),
        ErrorCase(
            id: "set delimiters without closing '='", source: "{{=<% %>}}", line: 1, column: 1,
            reason: "invalid delimiters '<% %>': expected '=' before '}}'"),
        ErrorCase(
            id: "set delimiters with one delimiter", source: "a {{= <% =}}", line: 1, column: 3,
            reason: "invalid delimiters '<%': expected an opening and a closing delimiter"),
        ErrorCase(
            id: "set delimiters with three delimiters", source: "{{=a b c=}}", line: 1, column: 1,
            reason: "invalid delimiters 'a b c': expected an opening and a closing delimiter"),
        ErrorCase(
            id: "empty set-delimiter tag", source: "{{==}}", line: 1, column: 1,
            reason: "invalid delimiters '': expected an opening and a closing delimiter"),
        ErrorCase(id: "empty tag", source: "a{{}}", line: 1, column: 2, reason: "missing name in tag '{{}}'"),
        ErrorCase(
            id: "empty section tag", source: "{{#}}{{/}}", line: 1, column: 1, reason: "missing name in tag '{{#}}'"),
        ErrorCase(
            id: "empty triple mustache", source: "{{{ }}}", line: 1, column: 1, reason: "missing name in tag '{{{ }}}'"),
        ErrorCase(
            id: "empty dynamic partial", source: "{{>*}}", line: 1, column: 1, reason: "missing name in tag '{{>*}}'"),
        ErrorCase(
            id: "name with whitespace", source: "{{photo title}}", line: 1, column: 1,
            reason: "invalid name 'photo title': names cannot contain whitespace"),
        ErrorCase(
            id: "section inside a parent", source: "{{<layout}}\n  {{#a}}{{/a}}\n{{/layout}}", line: 2, column: 3,
            reason: "only blocks may appear inside parent 'layout', found section 'a'"),
        ErrorCase(
            id: "variable inside a parent", source: "{{<layout}}{{title}}{{/layout}}", line: 1, column: 12,
            reason: "only blocks may appear inside parent 'layout', found variable 'title'"),
        ErrorCase(
            id: "dynamic parent closed by its plain name", source: "{{<*layout}}{{/layout}}", line: 1, column: 13,
            reason: "'/layout' does not close parent '*layout' opened at 1:1; expected '/*layout'"),
        ErrorCase(
            id: "closing delimiter starting with a sigil, right after the opening one", source: "{{=| >=}}|>",
            line: 1, column: 10, reason: "missing name in tag '|>'"),
        ErrorCase(
            id: "column counts characters, not bytes", source: "é☕ {{#a}}", line: 1, column: 4,
            reason: "unclosed section 'a'"),
        ErrorCase(
            id: "CRLF lines are counted", source: "a\r\nb\r\n  {{/x}}", line: 3, column: 3,
            reason: "unexpected closing tag '/x': no section is open"),
    ]

    @Test(arguments: cases)
    func parseErrors(_ example: ErrorCase) {
        let error = parseError(example.source)
        #expect(
            error == TemplateError(path: "page", line: example.line, column: example.column, reason: example.reason))
    }

    @Test
    func nestingDeeperThanTheLimitIsAnError() {
        let depth = Parser.maximumNesting + 1
        let source = String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth)
        let error = parseError(source)
        #expect(
            error
                == TemplateError(
                    path: "page", line: 1, column: 1 + 6 * Parser.maximumNesting,
                    reason: "sections nested more than 200 levels deep"))
    }

    @Test
    func nestingUpToTheLimitParses() throws {
        let depth = Parser.maximumNesting
        let source = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
        #expect(try render(source, ["a": true]) == "x")
    }

    @Test
    func descriptionReadsLikeACompilerDiagnostic() {
        let error = TemplateError(
            path: "Templates/album.mustache", line: 7, column: 13, reason: "unclosed section 'photos'")
        #expect(error.description == "Templates/album.mustache:7:13: error: unclosed section 'photos'")
        let placeless = TemplateError(path: "album", line: 0, column: 0, reason: "no template named 'album'")
        #expect(placeless.description == "album: error: no template named 'album'")
    }

    @Test
    func errorsCarryThePathAsGiven() {
        #expect(
            throws: TemplateError(path: "themes/dark/page.html", line: 1, column: 1, reason: "unclosed section 'a'")
        ) {
            try Template(source: "{{#a}}", path: "themes/dark/page.html")
        }
    }

    @Test
    func renderingAMissingTemplateIsAnError() {
        let library = TemplateLibrary()
        #expect(throws: TemplateError(path: "album", line: 0, column: 0, reason: "no template named 'album'")) {
            try library.render("album", with: [:])
        }
    }
}
