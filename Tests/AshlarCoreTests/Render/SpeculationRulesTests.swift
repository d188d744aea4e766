import Testing

@testable import AshlarCore

/// A photo page's speculation rules, written straight out, are the JSON the rule's tree
/// serializes to, escaped for a `<script>` element.
@Suite struct SpeculationRulesTests {
    @Test(arguments: [
        ["../b/"],
        ["../a/", "../c/"],
        ["../</script>&\"x\"/", "../\u{2028}\\/"],
    ])
    func sameAsTheSerializedTree(_ neighbours: [String]) throws {
        let rule = JSONText.Value.object([
            ("source", .string("list")),
            ("urls", .array(neighbours.map { .string($0) })),
            ("eagerness", .string("eager")),
        ])
        let expected = JSONText.serialize(.object([("prerender", .array([rule]))]))
        #expect(PhotoPageModel.speculationRules(neighbours: neighbours) == expected)
        #expect(try #require(PhotoPageModel.speculationRules(neighbours: neighbours)).contains("<") == false)
    }

    @Test func noNeighboursNoRules() {
        #expect(PhotoPageModel.speculationRules(neighbours: []) == nil)
    }
}
