import Foundation
import Testing

@testable import AshlarCore

/// The theme's words: plural rules, counts, positions, placeholders, tables and overrides.
@Suite struct ThemeWordsTests {
    /// Plural categories of whole numbers, by the CLDR's cardinal rules for each language.
    @Test(arguments: [
        (SiteLanguage.en, 0, PluralCategory.other), (.en, 1, .one), (.en, 2, .other),
        (.de, 1, .one), (.de, 0, .other), (.nl, 1, .one), (.it, 1, .one), (.it, 11, .other),
        (.es, 1, .one), (.es, 0, .other), (.fr, 0, .one), (.fr, 1, .one), (.fr, 2, .other),
        (.pt, 0, .one), (.pt, 1, .one), (.pt, 2, .other), (.ja, 1, .other), (.ja, 0, .other),
    ])
    func pluralCategories(language: SiteLanguage, count: Int, expected: PluralCategory) {
        #expect(language.pluralCategory(count) == expected)
    }

    /// The rules agree with the CLDR's own integer samples (`plurals.json`, `@integer …`) for
    /// `one` and `other`, up to a thousand (exact millions are `many` in fr, es, it and pt,
    /// which the theme does not distinguish).
    @Test(arguments: SiteLanguage.allCases)
    func rulesMatchTheCLDRsSamples(language: SiteLanguage) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/CLDR/plurals-subset.json")
        let root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let supplemental = try #require(root["supplemental"] as? [String: Any])
        let cardinal = try #require(supplemental["plurals-type-cardinal"] as? [String: Any])
        let rules = try #require(cardinal[language.rawValue] as? [String: String])
        var checked = 0
        for (name, category) in [("one", PluralCategory.one), ("other", .other)] {
            guard let rule = rules["pluralRule-count-\(name)"],
                let integers = rule.components(separatedBy: "@integer").dropFirst().first
            else { continue }
            let samples = integers.components(separatedBy: "@decimal")[0]
            for sample in samples.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let bounds = sample.split(separator: "~").compactMap { Int($0) }
                guard let low = bounds.first, low <= 1000 else { continue }
                for count in low...(bounds.last ?? low) {
                    #expect(language.pluralCategory(count) == category, "\(language) \(count)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 10)
    }

    @Test(arguments: [
        (SiteLanguage.en, 1, 0, "1 photo"),
        (.en, 4, 1, "4 photos, 1 video"),
        (.en, 0, 0, "0 photos"),
        (.en, 0, 2, "2 videos"),
        (.fr, 0, 0, "0 photo"),
        (.fr, 4, 1, "4 photos, 1 vid\u{E9}o"),
        (.de, 1, 3, "1 Foto, 3 Videos"),
        (.it, 2, 2, "2 foto, 2 video"),
        (.nl, 2, 1, "2 foto\u{2019}s, 1 video"),
        (.pt, 1, 0, "1 foto"),
        (.es, 12, 1, "12 fotos, 1 v\u{ED}deo"),
        (.ja, 4, 1, "\u{5199}\u{771F}4\u{679A}\u{3001}\u{52D5}\u{753B}1\u{672C}"),
    ])
    func countsSayWhatTheyCount(language: SiteLanguage, photos: Int, videos: Int, expected: String) {
        #expect(ThemeWords(language: language).count(photos: photos, videos: videos) == expected)
    }

    @Test(arguments: [
        (SiteLanguage.en, false, "Photo 3 of 5"),
        (.en, true, "Video 3 of 5"),
        (.fr, false, "Photo 3 sur 5"),
        (.fr, true, "Vid\u{E9}o 3 sur 5"),
        (.de, true, "Video 3 von 5"),
        (.ja, false, "\u{5199}\u{771F} 3/5"),
    ])
    func positionsNameWhatTheyCount(language: SiteLanguage, isVideo: Bool, expected: String) {
        #expect(ThemeWords(language: language).position(3, of: 5, isVideo: isVideo) == expected)
    }

    @Test func placeholdersAreFilledOnceAndUnknownOnesKept() {
        let words = ThemeWords(overrides: [.photosInAlbum: "{album} — {album} {other} {unclosed"])
        #expect(words.text(.photosInAlbum, ["album": "{album}"]) == "{album} — {album} {other} {unclosed")
        #expect(ThemeWords().text(.photosInAlbum, ["album": "Rome"]) == "Photos in Rome")
        #expect(ThemeWords().page(2, of: 5) == "page 2 of 5")
    }

    /// Every language's table says every word, with the placeholders English's has: a
    /// translation that dropped `{count}` would print a count without its number.
    @Test(arguments: SiteLanguage.allCases)
    func everyTableIsComplete(language: SiteLanguage) {
        let words = ThemeWords(language: language)
        let english = ThemeWords()
        for key in ThemeWords.Key.allCases {
            // Only the word said after "Previous"/"Next" may be left out (French says "Précédente").
            if key != .pageAfterDirection { #expect(!words[key].isEmpty, "\(language) \(key)") }
            #expect(Self.placeholders(words[key]) == Self.placeholders(english[key]), "\(language) \(key)")
        }
    }

    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{(\w+)\}/).map { String($0.1) })
    }

    @Test func overridesReplaceOneWordAndKeepTheRest() {
        let words = ThemeWords(language: .fr, overrides: [.next: "Suivant", .photoCountOther: "{count} clichés"])
        #expect(words[.next] == "Suivant")
        #expect(words[.previous] == "Pr\u{E9}c\u{E9}dente")
        #expect(words.count(photos: 3) == "3 clich\u{E9}s")
        #expect(words.count(photos: 1) == "1 photo")
        guard case .object(let object) = words.templateValue else {
            Issue.record("words are not an object")
            return
        }
        #expect(object["next"] == .string("Suivant"))
        #expect(object.count == ThemeWords.Key.allCases.count)
    }

    @Test(arguments: [
        ("pt-BR", SiteLanguage.pt), ("FR", .fr), ("ja-JP", .ja), ("de-CH-1996", .de), ("en", .en),
    ])
    func tagsChooseTheirPrimaryLanguage(tag: String, expected: SiteLanguage) {
        #expect(SiteLanguage(tag: tag) == expected)
    }

    @Test func otherLanguagesHaveNoTable() {
        #expect(SiteLanguage(tag: "zh-Hant") == nil)
        #expect(SiteLanguage(tag: "") == nil)
    }
}
