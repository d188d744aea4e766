import Testing

@testable import AshlarCore

@Suite struct SiteConfigurationTests {
    @Test func defaultsForAnEmptyObject() throws {
        let (configuration, diagnostics) = SiteConfiguration.read(bytes: Array("{}".utf8), path: "ashlar.json")
        #expect(diagnostics.isEmpty)
        let value = try #require(configuration)
        #expect(value == SiteConfiguration())
        #expect(value.layout.breakpoints == Breakpoint.defaults)
        #expect(value.layout.gap == 8)
    }

    @Test func readsEveryKey() throws {
        let json =
            #"{"title": "T", "language": "pt-BR", "description": "D", "sort": "-date", "memory": "1.5G", "layout": {"gap": 12, "breakpoints": [{"minWidth": 0, "columns": 1}, {"minWidth": 500, "columns": 2}]}}"#
        let (configuration, diagnostics) = SiteConfiguration.read(bytes: Array(json.utf8), path: "ashlar.json")
        #expect(diagnostics.isEmpty)
        let value = try #require(configuration)
        #expect(value.title == "T")
        #expect(value.language == "pt-BR")
        #expect(value.description == "D")
        #expect(value.sort == SortOrder(key: .date, descending: true))
        #expect(value.layout.gap == 12)
        #expect(value.memory == 1_610_612_736)
        #expect(
            value.layout.breakpoints == [Breakpoint(minWidth: 0, columns: 1), Breakpoint(minWidth: 500, columns: 2)])
    }

    @Test(arguments: [
        (#"{"title": 1}"#, "c.json:1:11: error: 'title' must be a string, found 1"),
        (
            #"{"memory": "2X"}"#,
            "c.json:1:12: error: 'memory' must be a size such as 192M, 1.5G, 512K or a number of bytes, found \"2X\""
        ),
        (
            #"{"memory": "0"}"#,
            "c.json:1:12: error: 'memory' must be a size such as 192M, 1.5G, 512K or a number of bytes, found \"0\""
        ),
        (#"{"memory": 2048}"#, "c.json:1:12: error: 'memory' must be a string, found 2048"),
        (
            #"{"language": "english!"}"#,
            "c.json:1:14: error: 'language' must be a language tag such as 'en' or 'pt-BR', found \"english!\""
        ),
        (#"{"layout": []}"#, "c.json:1:12: error: 'layout' must be an object, found a list"),
        (
            #"{"layout": {"gap": -1}}"#,
            "c.json:1:20: error: 'layout.gap' must be a number of pixels from 0 to 200, found -1"
        ),
        (
            #"{"layout": {"gap": 1e308}}"#,
            "c.json:1:20: error: 'layout.gap' must be a number of pixels from 0 to 200, found 1e308"
        ),
        (
            #"{"layout": {"breakpoints": []}}"#,
            "c.json:1:28: error: 'layout.breakpoints' must be a non-empty list of {\"minWidth\", \"columns\"}, found a list"
        ),
        (
            #"{"layout": {"breakpoints": [{"minWidth": 0, "columns": 0}]}}"#,
            "c.json:1:56: error: 'layout.breakpoints[0].columns' must be a whole number from 1 to 24, found 0"
        ),
        (
            #"{"layout": {"breakpoints": [{"minWidth": 0, "columns": 2.5}]}}"#,
            "c.json:1:56: error: 'layout.breakpoints[0].columns' must be a whole number from 1 to 24, found 2.5"
        ),
        (
            #"{"layout": {"breakpoints": [{"columns": 2}]}}"#,
            "c.json:1:29: error: 'layout.breakpoints[0]' is missing 'minWidth'"
        ),
        (
            #"{"layout": {"breakpoints": [{"minWidth": 600, "columns": 2}, {"minWidth": 300, "columns": 3}]}}"#,
            "c.json:1:62: error: 'layout.breakpoints' must be in increasing 'minWidth' order; 300 follows 600"
        ),
        (
            #"{"layout": {"gap": 200, "breakpoints": [{"minWidth": 0, "columns": 3}]}}"#,
            "c.json:1:12: error: 'layout.gap' of 200 px leaves no room for 3 columns at 320 px"
        ),
        (
            #"{"sort": "random"}"#,
            "c.json:1:10: error: 'sort' must be one of 'name', 'date', 'title', 'order', optionally with a leading '-', found \"random\""
        ),
        ("{\n \"titel\": \"x\"}", "c.json:2:2: warning: 'titel' is not a configuration key; did you mean 'title'?"),
        (
            #"{"layout": {"gaps": 3}}"#,
            "c.json:1:13: warning: 'layout.gaps' is not a configuration key; did you mean 'layout.gap'?"
        ),
        ("[]", "c.json:1:1: error: the configuration must be a JSON object, found a list"),
        ("{\"title\": \"x\",}", "c.json:1:14: error: trailing comma before '}'"),
    ])
    func reportsEachProblemAtItsPlace(json: String, expected: String) {
        let (configuration, diagnostics) = SiteConfiguration.read(bytes: Array(json.utf8), path: "c.json")
        #expect(diagnostics.map(\.description) == [expected])
        if expected.contains(": error: ") { #expect(configuration == nil) }
    }
}
