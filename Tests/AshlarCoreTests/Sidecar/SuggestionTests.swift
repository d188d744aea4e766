import Testing

@testable import AshlarCore

@Suite struct SuggestionTests {
    static let keys = AshlarSidecar.keys

    @Test(arguments: [
        ("widht", "width"), ("witdh", "width"), ("heigth", "height"), ("hieght", "height"),
        ("WIDTH", "width"), ("focallength", "focalLength"), ("focal_length", "focalLength"),
        ("tag", "tags"), ("rendition", "renditions"), ("caption", "caption"), ("titel", "title"),
        ("captoin", "caption"), ("exposur", "exposure"),
    ])
    func suggestsCloseKeys(_ word: String, _ expected: String) {
        #expect(Suggestion.closest(to: word, among: Self.keys) == expected)
    }

    @Test(arguments: ["foo", "shutter", "description", "x", "", "keywords", "ratings2x"])
    func staysSilentWhenNothingIsClose(_ word: String) {
        #expect(Suggestion.closest(to: word, among: Self.keys) == nil)
    }

    @Test func prefersTheNearestAndThenTheEarliest() {
        #expect(Suggestion.closest(to: "abcd", among: ["abxy", "abcx", "abce"]) == "abcx")
        #expect(Suggestion.closest(to: "anything", among: []) == nil)
    }

    @Test(arguments: [
        ("ab", "ba", 1), ("abc", "acb", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("same", "same", 0),
    ])
    func editDistance(_ a: String, _ b: String, _ distance: Int) {
        #expect(Suggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: 5) == distance)
    }
}
