import Testing

@testable import AshlarCore

/// JSON that pages embed in `<script>` elements: what is escaped, and that everything else is
/// copied as it is, byte for byte.
@Suite struct JSONTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var json: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain text", text: "Harbour at dawn", json: #""Harbour at dawn""#),
        Case(name: "quote and backslash", text: #"a "b" \c"#, json: #""a \"b\" \\c""#),
        Case(name: "line breaks and tabs", text: "a\nb\rc\td", json: #""a\nb\rc\td""#),
        Case(
            name: "HTML's special characters", text: "</script><&>", json: #""\u003c/script\u003e\u003c\u0026\u003e""#),
        Case(name: "line and paragraph separators", text: "a\u{2028}b\u{2029}c", json: #""a\u2028b\u2029c""#),
        Case(name: "other control characters", text: "\u{1}\u{1F}\u{7F}", json: "\"\\u0001\\u001f\u{7F}\""),
        Case(name: "other characters of the separators' block", text: "a…b‐c", json: #""a…b‐c""#),
        Case(name: "letters and emoji", text: "Café 🌊 東京", json: #""Café 🌊 東京""#),
        Case(name: "empty", text: "", json: #""""#),
    ]

    @Test(arguments: cases)
    func escapesAString(_ testCase: Case) {
        #expect(JSONText.serialize(.string(testCase.text)) == testCase.json)
    }

    @Test func writesObjectsInOrder() {
        let value = JSONText.Value.object([
            ("b", .number(1.5)), ("a", .array([.string("x"), .number(2)])), ("c", .object([])),
        ])
        #expect(JSONText.serialize(value) == #"{"b":1.5,"a":["x",2],"c":{}}"#)
    }
}
