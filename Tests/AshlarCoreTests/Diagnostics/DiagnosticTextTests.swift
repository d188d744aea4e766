import Testing

@testable import AshlarCore

/// Every diagnostic is one line, whatever the names and text it quotes hold.
@Suite struct DiagnosticTextTests {
    @Test(arguments: [
        ("plain.jpg", "plain.jpg"),
        ("a\nb.jpg", "a\\nb.jpg"),
        ("tab\there\r", "tab\\there\\r"),
        ("bell\u{7}esc\u{1B}[31m", "bell\\u{7}esc\\u{1b}[31m"),
        ("line\u{2028}paragraph\u{2029}end", "line\\u{2028}paragraph\\u{2029}end"),
        ("c1\u{85}del\u{7F}", "c1\\u{85}del\\u{7f}"),
        ("é ✓ 写真", "é ✓ 写真"),
    ])
    func controlCharactersAreWrittenOut(text: String, expected: String) {
        #expect(text.oneLine == expected)
        let diagnostic = Diagnostic.error("cannot read", path: text)
        #expect(diagnostic.description == expected + ": error: cannot read")
        #expect(!diagnostic.description.contains("\n"))
        #expect(BuildError(.io, path: text, message: "cannot write").description == expected + ": error: cannot write")
    }
}
