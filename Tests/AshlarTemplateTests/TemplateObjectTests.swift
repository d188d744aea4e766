import Testing

@testable import AshlarTemplate

/// A template object behaves as the dictionary it replaced: one value a key, the last one
/// written; equal whatever the order; small and large (indexed) objects alike.
@Suite struct TemplateObjectTests {
    @Test func aRepeatedKeyKeepsItsLastValueInItsFirstPlace() {
        let object: TemplateObject = ["a": 1, "b": 2, "a": 3]
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        #expect(object.count == 2)
    }

    @Test func equalityIgnoresOrder() {
        #expect(TemplateObject([("x", 1), ("y", "z")]) == TemplateObject([("y", "z"), ("x", 1)]))
        #expect(TemplateObject([("x", 1)]) != TemplateObject([("x", 2)]))
        #expect(TemplateObject([("x", 1)]) != TemplateObject([("x", 1), ("y", 1)]))
    }

    @Test func keysOfTheSameLengthAreToldApart() {
        let object: TemplateObject = ["src": "a", "alt": "b", "url": "c"]
        #expect(object["alt"] == "b")
        #expect(object["url"] == "c")
        #expect(object["uri"] == nil)
    }

    /// Objects past `indexedCount` find keys through their index: after every kind of change,
    /// each key still finds its own value, as a dictionary built alongside says.
    @Test(arguments: [5, TemplateObject.indexedCount, TemplateObject.indexedCount + 1, 200])
    func everyKeyFindsItsValue(count: Int) {
        var object = TemplateObject()
        var reference: [String: TemplateValue] = [:]
        for index in 0..<count {
            object["k\(index)"] = .number(Double(index))
            reference["k\(index)"] = .number(Double(index))
        }
        for index in stride(from: 0, to: count, by: 3) {
            object["k\(index)"] = nil
            reference["k\(index)"] = nil
        }
        object["k1"] = "changed"
        reference["k1"] = "changed"
        object["new"] = true
        reference["new"] = true
        #expect(object.count == reference.count)
        for (key, value) in reference { #expect(object[key] == value, "\(key)") }
        #expect(object["k0"] == nil)
        #expect(Set(object.keys) == Set(reference.keys))
    }
}
