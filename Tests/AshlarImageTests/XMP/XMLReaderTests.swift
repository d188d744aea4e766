import AshlarTestSupport
import Testing

@testable import AshlarImage

/// `XMLReader`: the trees it builds, its errors with their places, and how it holds up.
@Suite struct XMLReaderTests {
    /// A compact rendering of a tree: `{uri}name @{uri}attribute="value" "text" (child) (child)`.
    static func render(_ node: AshlarImage.XMLNode) -> String {
        var parts = [qualified(node.namespace, node.name)]
        for attribute in node.attributes {
            parts.append("@\(qualified(attribute.namespace, attribute.name))=\(attribute.value.debugDescription)")
        }
        if !node.text.isEmpty { parts.append(node.text.debugDescription) }
        for child in node.children { parts.append("(\(render(child)))") }
        return parts.joined(separator: " ")
    }

    private static func qualified(_ namespace: String, _ name: String) -> String {
        namespace.isEmpty ? name : "{\(namespace)}\(name)"
    }

    static func read(_ xml: String) -> Result<AshlarImage.XMLNode, AshlarImage.XMLNode.ParseError> {
        XMLReader<XMLTreeBuilder>.read(Array(xml.utf8))
    }

    struct TreeCase: CustomTestStringConvertible, Sendable {
        var name: String
        var xml: String
        var tree: String
        /// False where FoundationXML cannot be asked: it crashes on `<?target?>` without data.
        var comparable = true
        var testDescription: String { name }
    }

    static let xmlNS = AshlarImage.XMLNode.xmlNamespace

    static let trees: [TreeCase] = [
        TreeCase(
            name: "attributes in either quotes", xml: "<a x = \"1\" y\t=\n'2' z='\"' w=\"'\"/>",
            tree: #"a @x="1" @y="2" @z="\"" @w="\'""#),
        TreeCase(
            // Only a leaf keeps its text (XMLNode.text): XMP gives mixed content no meaning.
            name: "nested elements and text between them", xml: "<a>x<b>y<c>w</c></b>z</a>", tree: #"a (b (c "w"))"#),
        TreeCase(
            name: "predefined entities", xml: "<a t='&lt;&gt;&amp;&quot;&apos;'>&lt;&gt;&amp;&quot;&apos;</a>",
            tree: #"a @t="<>&\"\'" "<>&\"\'""#),
        TreeCase(
            name: "character references", xml: "<a t='&#65;&#x42;'>&#10;&#x1F600;&#xe9;</a>", tree: #"a @t="AB" "\n😀é""#
        ),
        TreeCase(name: "CDATA is text as written", xml: "<a>1<![CDATA[<b>&amp;]]]]>2</a>", tree: #"a "1<b>&amp;]]2""#),
        TreeCase(
            name: "comments and processing instructions are skipped",
            xml:
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- before --><?pi data?>\n<a>1<!-- c -->2<?pi x?>3</a>\n<!-- after -->\n<?after x?>\n",
            tree: #"a "123""#),
        TreeCase(
            name: "a full XML declaration", xml: "<?xml version='1.0' encoding='utf8' standalone=\"yes\" ?>\n<a/>",
            tree: "a"),
        TreeCase(
            name: "processing instructions without data", xml: "<?pi?><a>1<?pi?>2</a><?pi?>", tree: #"a "12""#,
            comparable: false),
        TreeCase(name: "self-closing elements", xml: "<a><b/><c /><d\n/></a>", tree: "a (b) (c) (d)"),
        TreeCase(name: "byte order mark", xml: "\u{FEFF}<a/>", tree: "a"),
        TreeCase(
            name: "xpacket wrapper",
            xml: "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n<a/>\n<?xpacket end=\"w\"?>",
            tree: "a"),
        TreeCase(
            name: "prefixes resolve to URIs and declarations are not attributes",
            xml: "<p:a xmlns:p='urn:p' p:x='1' y='2'/>", tree: #"{urn:p}a @{urn:p}x="1" @y="2""#),
        TreeCase(
            name: "a declaration is scoped to its element",
            xml: "<r xmlns:p='urn:1'><p:a><p:b xmlns:p='urn:2' p:y='2'/></p:a><p:c/></r>",
            tree: #"r ({urn:1}a ({urn:2}b @{urn:2}y="2")) ({urn:1}c)"#),
        TreeCase(
            name: "a prefix may be used before its declaration in the same tag",
            xml: "<p:a p:x='1' xmlns:p='urn:p'/>", tree: #"{urn:p}a @{urn:p}x="1""#),
        TreeCase(
            name: "the default namespace applies to elements, not attributes",
            xml: "<a xmlns='urn:d'><b x='1'/><c xmlns=''><d/></c></a>", tree: #"{urn:d}a ({urn:d}b @x="1") (c (d))"#),
        TreeCase(name: "the xml prefix is always bound", xml: "<a xml:lang='en'/>", tree: "a @{\(xmlNS)}lang=\"en\""),
        TreeCase(name: "line ends in text become LF", xml: "<a>1\r\n2\r3\n4</a>", tree: #"a "1\n2\n3\n4""#),
        TreeCase(
            name: "attribute values normalize whitespace but not references",
            xml: "<a x='1\t2\n3\r\n4&#10;5&#9;6'/>", tree: #"a @x="1 2 3 4\n5\t6""#),
        TreeCase(name: "non-ASCII names", xml: "<é:ü xmlns:é='urn:e' é:ö='1'/>", tree: #"{urn:e}ü @{urn:e}ö="1""#),
        TreeCase(
            name: "names with digits, dots, hyphens and underscores", xml: "<_a.b-1 c_2.3-x='1'/>",
            tree: #"_a.b-1 @c_2.3-x="1""#),
        TreeCase(name: "whitespace in end tags", xml: "<a></a \n>", tree: "a"),
        TreeCase(name: "comment with single hyphens", xml: "<a><!-- a - b -></a>--></a>", tree: "a"),
    ]

    @Test(arguments: trees)
    func buildsTrees(_ testCase: TreeCase) throws {
        let node = try Self.read(testCase.xml).get()
        #expect(Self.render(node) == testCase.tree)
    }

    /// The old FoundationXML path builds the same trees (for every case not marked otherwise).
    @Test(arguments: trees.filter(\.comparable))
    func treesMatchFoundationXML(_ testCase: TreeCase) throws {
        let bytes = Array(testCase.xml.utf8)
        let reference = try FoundationXMLReference.parse(bytes).get()
        let node = try XMLReader<XMLTreeBuilder>.read(bytes).get()
        #expect(Self.canonical(node) == Self.canonical(reference))
    }

    @Test func elementsAreAtTheEndOfTheirStartTags() throws {
        let root = try Self.read("<a>\n  <b\n x='1'/>\n é<c>é</c><d x='é' /></a>").get()
        #expect((root.line, root.column) == (1, 3))
        let places = root.children.map { [$0.line, $0.column] }
        #expect(places == [[3, 7], [4, 5], [4, 20]])
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var xml: [UInt8]
        var reason: String
        var line: Int
        var column: Int
        var testDescription: String { reason }

        init(_ xml: String, _ reason: String, _ line: Int, _ column: Int) {
            self.init(bytes: Array(xml.utf8), reason, line, column)
        }

        init(bytes: [UInt8], _ reason: String, _ line: Int, _ column: Int) {
            (self.xml, self.reason, self.line, self.column) = (bytes, reason, line, column)
        }
    }

    static let errors: [ErrorCase] = [
        ErrorCase("", "the document has no root element", 1, 1),
        ErrorCase(" \n <!-- only a comment -->", "the document has no root element", 2, 25),
        ErrorCase("hello", "unexpected text before the root element", 1, 1),
        ErrorCase("<a/>\nx", "unexpected text after the root element", 2, 1),
        ErrorCase("<a/><b/>", "a second root element '<b>'; a document has only one", 1, 5),
        ErrorCase("<a>\n <b>\n</a>", "mismatched end tag '</a>'; expected '</b>'", 3, 1),
        ErrorCase(
            "<rdf:Seq xmlns:rdf='urn:r'>\n  </rdf:Bag>", "mismatched end tag '</rdf:Bag>'; expected '</rdf:Seq>'", 2, 3),
        ErrorCase("<a>éé</b>", "mismatched end tag '</b>'; expected '</a>'", 1, 6),
        ErrorCase("</a>", "unexpected end tag '</a>'", 1, 1),
        ErrorCase("<a>", "unclosed element 'a'", 1, 1),
        ErrorCase("<x:xmpmeta xmlns:x='adobe:ns:meta/'>\n", "unclosed element 'x:xmpmeta'", 1, 1),
        ErrorCase("<a>\n <b>text", "unclosed element 'b'", 2, 2),
        ErrorCase("<a x=1/>", "the value of attribute 'x' must be in quotes", 1, 6),
        ErrorCase("<a x/>", "expected '=' after attribute name 'x'", 1, 5),
        ErrorCase("<a x='1'y='2'/>", "expected whitespace before attribute 'y'", 1, 9),
        ErrorCase("<a x='<'/>", "'<' is not allowed in an attribute value", 1, 7),
        ErrorCase("<a x='1' x='2'/>", "duplicate attribute 'x'", 1, 10),
        ErrorCase("<a xmlns:p='u' xmlns:p='v'/>", "duplicate attribute 'xmlns:p'", 1, 16),
        ErrorCase(
            "<a xmlns:p='u' xmlns:q='u' p:x='1' q:x='2'/>",
            "attributes 'p:x' and 'q:x' have the same namespace and name", 1, 36),
        ErrorCase("<a \"x\"/>", "unexpected character '\"' in start tag '<a'", 1, 4),
        ErrorCase("<a / >", "expected '>' after '/' in start tag '<a'", 1, 4),
        ErrorCase("< a/>", "expected an element name after '<'", 1, 2),
        ErrorCase("<a></ a>", "expected an element name after '</'", 1, 6),
        ErrorCase("<a></a x>", "expected '>' to end end tag '</a'", 1, 8),
        ErrorCase("<a>&nope;</a>", "undefined entity '&nope;'", 1, 4),
        ErrorCase("<a x='&foo;'/>", "undefined entity '&foo;'", 1, 7),
        ErrorCase("<a>a & b</a>", "'&' must start an entity or character reference; write '&amp;' for '&'", 1, 6),
        ErrorCase("<a>&amp</a>", "expected ';' after '&amp'", 1, 4),
        ErrorCase("<a x='&amp'/>", "expected ';' after '&amp'", 1, 7),
        ErrorCase("<a>&#12a;</a>", "invalid character reference '&#12a'", 1, 4),
        ErrorCase("<a>&#;</a>", "invalid character reference '&#;'", 1, 4),
        ErrorCase("<a>&#xD800;</a>", "character reference '&#xD800;' is not an XML character", 1, 4),
        ErrorCase("<a>&#0;</a>", "character reference '&#0;' is not an XML character", 1, 4),
        ErrorCase("<a>&#x110000;</a>", "character reference '&#x110000;' is not an XML character", 1, 4),
        ErrorCase(
            "<a>&#99999999999999999999;</a>", "character reference '&#99999999999999999999;' is not an XML character",
            1, 4),
        ErrorCase("<a>]]></a>", "']]>' is not allowed in text", 1, 4),
        ErrorCase("<a:b/>", "undeclared namespace prefix 'a' in element 'a:b'", 1, 2),
        ErrorCase("<a p:x='1'/>", "undeclared namespace prefix 'p' in attribute 'p:x'", 1, 4),
        ErrorCase("<p:a xmlns:p='u'/><!-- --><p:b/>", "a second root element '<p:b>'; a document has only one", 1, 27),
        ErrorCase("<:a/>", "invalid qualified name ':a'", 1, 2),
        ErrorCase("<a: xmlns:a='u'/>", "invalid qualified name 'a:'", 1, 2),
        ErrorCase("<a:b:c xmlns:a='u'/>", "invalid qualified name 'a:b:c'", 1, 2),
        ErrorCase("<a xmlns:p=''/>", "namespace prefix 'p' must not be bound to an empty URI", 1, 4),
        ErrorCase("<a xmlns:xmlns='u'/>", "the prefix 'xmlns' must not be declared", 1, 4),
        ErrorCase(
            "<a xmlns:xml='u'/>",
            "only the prefix 'xml' may be bound to 'http://www.w3.org/XML/1998/namespace', and only to it", 1, 4),
        ErrorCase("<a><!-- x", "unexpected end of file in a comment", 1, 10),
        ErrorCase("<a><!-- a -- b --></a>", "'--' is not allowed inside a comment", 1, 11),
        ErrorCase("<a><!-- a ---></a>", "'--' is not allowed inside a comment", 1, 11),
        ErrorCase("<a><![CDATA[x", "unexpected end of file in a CDATA section", 1, 14),
        ErrorCase("<![CDATA[x]]><a/>", "unexpected CDATA section outside the root element", 1, 1),
        ErrorCase("<a><?pi x", "unexpected end of file in a processing instruction", 1, 10),
        ErrorCase(
            "<a/><?xml version='1.0'?>", "the XML declaration '<?xml' is allowed only at the start of the document", 1,
            5),
        ErrorCase(
            " <?xml version='1.0'?><a/>", "the XML declaration '<?xml' is allowed only at the start of the document", 1,
            2),
        ErrorCase("<a:-b xmlns:a='u'/>", "invalid qualified name 'a:-b'", 1, 2),
        ErrorCase("<?xml: x?><a/>", "processing instruction target 'xml:' must not contain ':'", 1, 3),
        ErrorCase("<?XML version='1.0'?><a/>", "the XML declaration must be written '<?xml'", 1, 1),
        ErrorCase("<?xml encoding='UTF-8'?><a/>", "invalid XML declaration: expected 'version'", 1, 7),
        ErrorCase("<?xml version:'1.0'?><a/>", "invalid XML declaration: expected '='", 1, 14),
        ErrorCase("<?xml version=1.0?><a/>", "invalid XML declaration: expected a version like '1.0' in quotes", 1, 15),
        ErrorCase("<?xml version='2.0'?><a/>", "invalid XML declaration: unknown version '2.0'", 1, 16),
        ErrorCase(
            "<?xml version='1.0' encoding='8bit'?><a/>", "invalid XML declaration: invalid encoding name '8bit'", 1, 31),
        ErrorCase(
            "<?xml version='1.0' encoding='latin1'?><a/>", "unsupported encoding 'latin1'; only UTF-8 is read", 1, 31),
        ErrorCase(
            "<?xml version='1.0' standalone='maybe'?><a/>", "invalid XML declaration: standalone must be 'yes' or 'no'",
            1, 33),
        ErrorCase("<?xml version='1.0' encoding='UTF-8'x?><a/>", "invalid XML declaration: expected '?>'", 1, 37),
        ErrorCase("<?xml version='1.0'", "unexpected end of file in the XML declaration", 1, 20),
        ErrorCase("<? x?><a/>", "expected a processing instruction target after '<?'", 1, 3),
        ErrorCase("<?pi?x?><a/>", "expected whitespace or '?>' after '<?pi'", 1, 5),
        ErrorCase("<!DOCTYPE a><a/>", "DTD markup '<!DOCTYPE' is not allowed", 1, 1),
        ErrorCase("<a>\n<!ENTITY x 'y'></a>", "DTD markup '<!ENTITY' is not allowed", 2, 1),
        ErrorCase("<a><!ELEMENT a ANY></a>", "DTD markup '<!ELEMENT' is not allowed", 1, 4),
        ErrorCase("<a><!ATTLIST a x CDATA #IMPLIED></a>", "DTD markup '<!ATTLIST' is not allowed", 1, 4),
        ErrorCase("<a><!foo></a>", "expected a comment or a CDATA section after '<!'", 1, 4),
        ErrorCase("<", "unexpected end of file after '<'", 1, 2),
        ErrorCase("<a", "unexpected end of file in start tag '<a'", 1, 3),
        ErrorCase("<a x='1", "unexpected end of file in an attribute value", 1, 8),
        ErrorCase("<a x", "unexpected end of file in attribute 'x'", 1, 5),
        ErrorCase("<a></a", "unexpected end of file in end tag '</a'", 1, 7),
        ErrorCase("<a>&am", "unexpected end of file in an entity reference", 1, 7),
        ErrorCase("<a>&#x4", "unexpected end of file in a character reference", 1, 8),
        ErrorCase(bytes: Array("<a>".utf8) + [0xFF] + Array("</a>".utf8), "invalid UTF-8 byte 0xFF", 1, 4),
        ErrorCase(bytes: Array("<a>é".utf8) + [0xC3], "invalid UTF-8 byte 0xC3", 1, 5),
        ErrorCase(bytes: Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8), "invalid UTF-8 byte 0xC3", 1, 4),
        ErrorCase(bytes: Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8), "invalid UTF-8 byte 0xED", 1, 4),
        ErrorCase(bytes: Array("<a>".utf8) + [0xC0, 0x80] + Array("</a>".utf8), "invalid UTF-8 byte 0xC0", 1, 4),
        ErrorCase(bytes: Array("<a x='".utf8) + [0x80] + Array("'/>".utf8), "invalid UTF-8 byte 0x80", 1, 7),
        ErrorCase(bytes: Array("<a/>\n".utf8) + [0xFF], "invalid UTF-8 byte 0xFF", 2, 1),
        ErrorCase("<a>\u{1}</a>", "invalid character U+0001", 1, 4),
        ErrorCase("<a>\u{0}</a>", "invalid character U+0000", 1, 4),
        ErrorCase("<a>\u{FFFE}</a>", "invalid character U+FFFE", 1, 4),
        ErrorCase("<a>\n\n\u{1B}", "invalid character U+001B", 3, 1),
        // What comes first in the document is reported, even before a bad byte.
        ErrorCase(bytes: Array("<a></b>".utf8) + [0xFF], "mismatched end tag '</b>'; expected '</a>'", 1, 4),
        ErrorCase(
            String(repeating: "<a>", count: 65) + String(repeating: "</a>", count: 65),
            "element 'a' nests deeper than 64 levels", 1, 193),
        // A byte order mark is not a column.
        ErrorCase("\u{FEFF}<a></b>", "mismatched end tag '</b>'; expected '</a>'", 1, 4),
    ]

    @Test(arguments: errors)
    func reportsErrorsWithTheirPlace(_ testCase: ErrorCase) {
        let result = XMLReader<XMLTreeBuilder>.read(testCase.xml)
        #expect(
            result.failure
                == AshlarImage.XMLNode.ParseError(reason: testCase.reason, line: testCase.line, column: testCase.column)
        )
    }

    @Test func sixtyFourLevelsAreAllowed() throws {
        let xml = String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64)
        var node = try Self.read(xml).get()
        var depth = 1
        while let child = node.children.first {
            node = child
            depth += 1
        }
        #expect(depth == 64)
    }

    @Test func xmpParseErrorsSayMalformedXMP() {
        let result = AshlarImage.XMLNode.parse(Array("<a>".utf8))
        #expect(
            result.failure
                == AshlarImage.XMLNode.ParseError(reason: "malformed XMP: unclosed element 'a'", line: 1, column: 1))
    }

    // Robustness.

    static let fixtures = (try? SidecarFixture.names(in: "xmp", withExtension: "xmp")) ?? []

    @Test func findsTheFixtures() {
        #expect(Self.fixtures.count >= 10)
    }

    @Test(arguments: fixtures)
    func everyTruncationGivesATreeOrAnError(_ file: String) throws {
        let bytes = try SidecarFixture.bytes(file)
        for length in 0...bytes.count {
            switch XMLReader<XMLTreeBuilder>.read(Array(bytes.prefix(length))) {
            case .success(let node): #expect(!node.name.isEmpty)
            case .failure(let error): #expect(error.line >= 1 && error.column >= 1, "cut at \(length)")
            }
        }
    }

    @Test func randomMutationsNeverTrap() throws {
        let originals = try Self.fixtures.map { try SidecarFixture.bytes($0) }
        var generator = SeededGenerator(seed: 0x584D_4C52)
        let interesting: [UInt8] = Array("<>/&;=\"':!?-[]#x \n\r\t".utf8) + [0x00, 0x01, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
        var trees = 0
        for round in 0..<5_000 {
            var bytes = originals[round % originals.count]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = interesting.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: index)
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            switch XMLReader<XMLTreeBuilder>.read(bytes) {
            case .success: trees += 1
            case .failure(let error): #expect(error.line >= 1 && error.column >= 1)
            }
        }
        #expect(trees > 0)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let xml = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(Self.read(xml).failure?.reason == "element 'a' nests deeper than 64 levels")
        #expect(Self.read(String(repeating: "</a>", count: 100_000)).failure?.reason == "unexpected end tag '</a>'")
    }

    @Test func readsAHugeTextNode() throws {
        let chunk = String(repeating: "x", count: 1_000) + "&amp;\r\n"
        let body = String(repeating: chunk, count: 5_000)
        let node = try Self.read("<a>" + body + "</a>").get()
        #expect(node.text.utf8.count == 5_000 * 1_002)
        #expect(node.text.hasSuffix("x&\n"))
    }

    // Equivalence with the FoundationXML path this reader replaced.

    /// A tree with attributes in a fixed order and positions left out, to compare as sets.
    struct Canonical: Equatable, CustomStringConvertible {
        var namespace: String
        var name: String
        var attributes: [String]
        var text: String
        var children: [Canonical]
        var description: String { "{\(namespace)}\(name) \(attributes) \(text.debugDescription) \(children)" }
    }

    static func canonical(_ node: AshlarImage.XMLNode) -> Canonical {
        Canonical(
            namespace: node.namespace, name: node.name,
            attributes: node.attributes.map {
                "{\($0.namespace)}\($0.name)=\($0.value.debugDescription)"
            }
            .sorted(),
            // The reader keeps only a leaf's text (XMLNode.text).
            text: node.children.isEmpty ? node.text : "", children: node.children.map(canonical))
    }

    static func positions(_ node: AshlarImage.XMLNode) -> [[Int]] {
        [[node.line, node.column]] + node.children.flatMap(positions)
    }

    /// Fixtures XMP refuses before parsing (a DTD) are left out: the reader refuses them too.
    static let comparable = fixtures.filter { file in
        guard let bytes = try? SidecarFixture.bytes(file), XMPPacketReader.refusal(bytes) == nil else { return false }
        if case .success = FoundationXMLReference.parse(bytes) { return true }
        return false
    }

    @Test func comparesMostFixtures() {
        #expect(Self.comparable.count >= 6)
    }

    @Test(arguments: comparable)
    func fixtureTreesMatchFoundationXML(_ file: String) throws {
        let bytes = try SidecarFixture.bytes(file)
        let reference = try FoundationXMLReference.parse(bytes).get()
        let node = try XMLReader<XMLTreeBuilder>.read(bytes).get()
        #expect(Self.canonical(node) == Self.canonical(reference))
        #expect(Self.positions(node) == Self.positions(reference))
    }

    /// Fixtures FoundationXML refuses (and XMP does not refuse before parsing).
    static let refusedByFoundationXML = fixtures.filter { file in
        guard let bytes = try? SidecarFixture.bytes(file), XMPPacketReader.refusal(bytes) == nil else { return false }
        if case .failure = FoundationXMLReference.parse(bytes) { return true }
        return false
    }

    @Test func someFixturesAreRefusedByFoundationXML() {
        #expect(!Self.refusedByFoundationXML.isEmpty)
    }

    @Test(arguments: refusedByFoundationXML)
    func fixturesFoundationXMLRefusesAreRefused(_ file: String) throws {
        let bytes = try SidecarFixture.bytes(file)
        #expect(XMLReader<XMLTreeBuilder>.read(bytes).failure != nil)
    }

    /// Where the new reader accepts a mutated fixture, FoundationXML accepts it too and agrees.
    @Test func mutationsAcceptedByBothGiveTheSameTree() throws {
        let originals = try Self.comparable.map { try SidecarFixture.bytes($0) }
        var generator = SeededGenerator(seed: 7)
        let interesting: [UInt8] = Array("<>/&;=\"' \n:x!?-#[]".utf8)
        var compared = 0
        for round in 0..<3_000 {
            var bytes = originals[round % originals.count]
            var index = 0
            for _ in 0..<Int.random(in: 1...2, using: &generator) {
                index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = interesting.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            guard case .success(let node) = XMLReader<XMLTreeBuilder>.read(bytes) else { continue }
            let reference = FoundationXMLReference.parse(bytes)
            // libxml2 also refuses namespace names that are not valid URIs; this reader does not check them.
            if case .failure(let error) = reference, error.reason.hasSuffix("(libxml2 error 99)") { continue }
            guard case .success(let old) = reference else {
                Issue.record(
                    "only the new reader accepts round \(round): \(reference) \(String(decoding: bytes[max(0, index - 30)..<min(bytes.count, index + 30)], as: UTF8.self).debugDescription) \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription)"
                )
                continue
            }
            #expect(Self.canonical(node) == Self.canonical(old), "round \(round)")
            compared += 1
        }
        #expect(compared > 100)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
