import Testing

@testable import AshlarCore

@Suite struct JSONDocumentTests {
    @Test func parsesEveryKindOfValueWithOffsets() throws {
        let document = try JSONDocument(text: #"{"a": [1, -2.5e2, true, false, null], "b": {"c": "d\u00e9\n"}}"#)
        let members = try #require(document.root.members)
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members.map(\.keyOffset) == [1, 38])
        let list = try #require(document.root["a"]?.arrayValue)
        #expect(list.map(\.kind) == [.number(1), .number(-250), .bool(true), .bool(false), .null])
        #expect(list.map(\.offset) == [7, 10, 18, 24, 31])
        #expect(document.root["b"]?["c"]?.stringValue == "dé\n")
    }

    @Test func laterDuplicateKeyWinsInSubscript() throws {
        let document = try JSONDocument(text: #"{"a": 1, "a": 2}"#)
        #expect(document.root["a"]?.numberValue == 2)
        #expect(document.root.members?.count == 2)
    }

    @Test func skipsByteOrderMark() throws {
        let document = try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"x": 1}"#.utf8))
        #expect(document.root["x"]?.numberValue == 1)
        #expect(document.root.offset == 3)
        // Editors do not show the mark, so it is not a column either.
        let x = try #require(document.root.members?.first)
        #expect(document.location(of: x.keyOffset) == AshlarCore.SourceLocation(line: 1, column: 2))
    }

    @Test func countsLinesAcrossCRLF() throws {
        let document = try JSONDocument(text: "{\r\n  \"a\": 1,\r\n  \"b\": \"é\", \"c\": 2\r\n}")
        let c = try #require(document.root.members?.last)
        #expect(document.location(of: c.keyOffset) == AshlarCore.SourceLocation(line: 3, column: 13))
        #expect(document.location(of: c.value.offset) == AshlarCore.SourceLocation(line: 3, column: 18))
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let document = try JSONDocument(text: #"["日本語", 5]"#)
        let items = try #require(document.root.arrayValue)
        #expect(document.location(of: items[1].offset) == AshlarCore.SourceLocation(line: 1, column: 9))
    }

    @Test func hugeAndTinyNumbers() throws {
        let document = try JSONDocument(text: "[100000000000000000000000000000, 1e300, 1e-400, -0]")
        let numbers = document.root.arrayValue?.compactMap { $0.numberValue }
        #expect(numbers == [1e29, 1e300, 0, 0])
    }

    @Test func surrogatePairsDecode() throws {
        let document = try JSONDocument(text: #"["\ud83d\udcf7", "\u00e9"]"#)
        #expect(document.root.arrayValue?.compactMap { $0.stringValue } == ["📷", "é"])
    }

    @Test func nestingAtTheLimitIsAccepted() throws {
        let depth = JSONDocument.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONDocument(text: text) }
    }

    struct SyntaxCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var reason: String
        var location: AshlarCore.SourceLocation
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ reason: String, _ line: Int, _ column: Int) {
            self.init(name, Array(text.utf8), reason, line, column)
        }

        init(_ name: String, _ bytes: [UInt8], _ reason: String, _ line: Int, _ column: Int) {
            self.name = name
            self.bytes = bytes
            self.reason = reason
            self.location = AshlarCore.SourceLocation(line: line, column: column)
        }
    }

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase("empty", "", "expected a JSON value, found end of file", 1, 1),
        SyntaxCase("only spaces", "  \n ", "expected a JSON value, found end of file", 2, 2),
        SyntaxCase("trailing text", "{} x", "unexpected 'x' after the JSON value", 1, 4),
        SyntaxCase("bare word", "{\"a\": yes}", "expected a JSON value, found 'yes'", 1, 7),
        SyntaxCase("misspelt true", "[tru]", "expected a JSON value, found 'tru'", 1, 2),
        SyntaxCase("single quotes", "{'a': 1}", "expected a key in double quotes, found '''", 1, 2),
        SyntaxCase("missing colon", "{\"a\" 1}", "expected ':' after key 'a', found '1'", 1, 6),
        SyntaxCase("missing comma", "{\"a\": 1\n \"b\": 2}", "expected ',' or '}' after a value, found '\"'", 2, 2),
        SyntaxCase("trailing comma in object", "{\"a\": 1,}", "trailing comma before '}'", 1, 8),
        SyntaxCase("trailing comma in list", "[1, 2, ]", "trailing comma before ']'", 1, 6),
        SyntaxCase("missing list comma", "[1 2]", "expected ',' or ']' after a value, found '2'", 1, 4),
        SyntaxCase("unclosed object", "{\"a\": 1", "unclosed object: expected '}'", 1, 1),
        SyntaxCase("unclosed list", "\n  [1, 2", "unclosed list: expected ']'", 2, 3),
        SyntaxCase("unclosed string", "[\"abc", "unclosed string: expected '\"'", 1, 2),
        SyntaxCase("raw newline in string", "[\"a\nb\"]", "control character 0xA in a string must be escaped", 1, 4),
        SyntaxCase("bad escape", #"["a\qb"]"#, "invalid escape in a string", 1, 4),
        SyntaxCase("short unicode escape", #"["\u12"]"#, "invalid \\u escape", 1, 3),
        SyntaxCase("lone high surrogate", #"["\ud83d"]"#, "unpaired surrogate in \\u escape", 1, 3),
        SyntaxCase("lone low surrogate", #"["\udcf7"]"#, "unpaired surrogate in \\u escape", 1, 3),
        SyntaxCase("high then non-low", #"["\ud83d\u0041"]"#, "unpaired surrogate in \\u escape", 1, 3),
        SyntaxCase("leading zero", "[01]", "invalid number: leading zeros are not allowed", 1, 2),
        SyntaxCase("bare minus", "[-]", "invalid number: expected a digit after '-', found ']'", 1, 2),
        SyntaxCase(
            "minus infinity", "[-Infinity]", "invalid number: expected a digit after '-', found 'Infinity'", 1, 2),
        SyntaxCase("dot without digits", "[1.]", "invalid number: expected a digit after '.'", 1, 2),
        SyntaxCase("empty exponent", "[1e+]", "invalid number: expected a digit in the exponent", 1, 2),
        SyntaxCase("number too large", "[1e400]", "number 1e400 is out of range", 1, 2),
        SyntaxCase(
            "number of 400 digits", "[1" + String(repeating: "0", count: 400) + "]",
            "number 1" + String(repeating: "0", count: 39) + "… is out of range", 1, 2),
        SyntaxCase("plus sign", "[+1]", "expected a JSON value, found '+'", 1, 2),
        SyntaxCase("comment", "{// no\n}", "expected a key in double quotes, found '/'", 1, 2),
        SyntaxCase(
            "invalid UTF-8 in string", [0x5B, 0x22, 0x61, 0xC3, 0x28, 0x22, 0x5D], "invalid UTF-8 in a string", 1, 4),
        SyntaxCase(
            "invalid UTF-8 outside string", [0x5B, 0xFF, 0x5D], "expected a JSON value, found invalid UTF-8 byte 0xFF",
            1, 2),
        SyntaxCase(
            "curly quotes", "{\u{201C}a\u{201D}: 1}", "expected a key in double quotes, found '\u{201C}' (U+201C)", 1, 2
        ),
        SyntaxCase(
            "second byte order mark", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x7B, 0x7D],
            "expected a JSON value, found U+FEFF", 1, 1),
        SyntaxCase(
            "UTF-16 with a byte order mark", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00],
            "JSON must be encoded as UTF-8; this file looks like UTF-16", 1, 1),
        SyntaxCase(
            "UTF-16 without one", [0x00, 0x7B, 0x00, 0x7D],
            "JSON must be encoded as UTF-8; this file looks like UTF-16", 1, 1),
        SyntaxCase(
            "control character outside string", [0x5B, 0x01, 0x5D], "expected a JSON value, found character 0x1", 1, 2),
        SyntaxCase(
            "too deep", String(repeating: "[", count: JSONDocument.maximumDepth + 1),
            "nesting deeper than 256 levels", 1, 257),
    ]

    @Test(arguments: syntaxCases)
    func reportsSyntaxErrorsWithPosition(_ testCase: SyntaxCase) throws {
        do {
            _ = try JSONDocument(bytes: testCase.bytes)
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.reason == testCase.reason)
            #expect(AshlarCore.SourceLocation(offset: error.offset, in: testCase.bytes) == testCase.location)
        }
    }

    @Test func veryDeepNestingDoesNotOverflowTheStack() {
        let text = String(repeating: "{\"a\":[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(text: text) }
    }

    @Test func syntaxErrorBecomesPositionedDiagnostic() throws {
        let bytes = Array("{\n  \"a\": 1,\n}".utf8)
        do {
            _ = try JSONDocument(bytes: bytes)
            Issue.record("expected a syntax error")
        } catch {
            #expect(
                error.diagnostic(path: "a.json", bytes: bytes).description
                    == "a.json:2:9: error: trailing comma before '}'")
        }
    }
}
