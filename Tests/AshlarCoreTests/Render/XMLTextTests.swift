import Testing

@testable import AshlarCore

@Suite struct XMLTextTests {
    @Test(arguments: [
        ("markup", "a<b>&\"'", "a&lt;b&gt;&amp;&quot;&apos;"),
        ("allowed controls", "a\tb\nc\rd", "a\tb\nc\rd"),
        ("C0 controls", "a\u{0}b\u{1}c\u{1F}", "a\u{FFFD}b\u{FFFD}c\u{FFFD}"),
        ("noncharacters", "\u{FFFE}x\u{FFFF}", "\u{FFFD}x\u{FFFD}"),
        ("allowed edges", "\u{FFFD}\u{10000}\u{10FFFF}\u{7F}\u{E000}", "\u{FFFD}\u{10000}\u{10FFFF}\u{7F}\u{E000}"),
    ])
    func escapesAndReplacesWhatXMLForbids(_ id: String, _ text: String, _ expected: String) {
        #expect(XMLText.escape(text) == expected, "\(id)")
    }
}
