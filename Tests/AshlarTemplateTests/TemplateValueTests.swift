import Foundation
import Testing

@testable import AshlarTemplate

@Suite
struct TemplateValueTests {
    @Test
    func decodesAnyJSON() throws {
        let json =
            #"{"title":"Rome","count":12,"ratio":1.5,"public":true,"gps":null,"tags":["night",3,false],"exif":{"iso":200}}"#
        let value = try JSONDecoder().decode(TemplateValue.self, from: Data(json.utf8))
        let expected: TemplateValue = [
            "title": "Rome", "count": 12, "ratio": 1.5, "public": true, "gps": nil,
            "tags": ["night", 3, false], "exif": ["iso": 200],
        ]
        #expect(value == expected)
    }

    @Test
    func decodesScalarRoots() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(TemplateValue.self, from: Data("85".utf8)) == .number(85))
        #expect(try decoder.decode(TemplateValue.self, from: Data("\"x\"".utf8)) == .string("x"))
        #expect(try decoder.decode(TemplateValue.self, from: Data("false".utf8)) == .bool(false))
        #expect(try decoder.decode(TemplateValue.self, from: Data("null".utf8)) == .null)
        #expect(try decoder.decode(TemplateValue.self, from: Data("[]".utf8)) == .array([]))
    }

    @Test
    func literalsBuildTheMatchingCases() {
        let string: TemplateValue = "a"
        let integer: TemplateValue = 3
        let float: TemplateValue = 0.5
        let bool: TemplateValue = true
        let array: TemplateValue = [1, "b"]
        let object: TemplateValue = ["k": nil]
        let null: TemplateValue = nil
        #expect(string == .string("a"))
        #expect(integer == .number(3))
        #expect(float == .number(0.5))
        #expect(bool == .bool(true))
        #expect(array == .array([.number(1), .string("b")]))
        #expect(object == .object(["k": .null]))
        #expect(null == .null)
    }

    static let truthinessCases: [(TemplateValue, Bool)] = [
        (.null, false), (.bool(false), false), (.bool(true), true), (.number(0), false), (.number(-0.0), false),
        (.number(.nan), false), (.number(2), true), (.string(""), false), (.string("0"), true), (.array([]), false),
        (.array([.null]), true), (.object([:]), true),
    ]

    @Test(arguments: truthinessCases)
    func isTruthy(_ value: TemplateValue, _ isTruthy: Bool) {
        #expect(value.isTruthy == isTruthy)
    }

    static let textCases: [(TemplateValue, String)] = [
        (.number(85), "85"), (.number(1.21), "1.21"), (.number(-0.0), "0"), (.number(1e21), "1e+21"),
        (.number(-2.5), "-2.5"), (.bool(true), "true"), (.string("<a>"), "<a>"), (.null, ""), (.array([1]), ""),
        (.object(["a": 1]), ""),
    ]

    @Test(arguments: textCases)
    func interpolatesAs(_ value: TemplateValue, _ text: String) {
        #expect(value.interpolationText == text)
    }
}
