import Testing

@testable import AshlarCore

/// `language` choosing the theme's words and date format, and `words` replacing any of them.
@Suite struct LanguageConfigurationTests {
    func read(_ json: String) -> (SiteConfiguration?, [String]) {
        let (configuration, diagnostics) = SiteConfiguration.read(bytes: Array(json.utf8), path: "ashlar.json")
        return (configuration, diagnostics.map(\.description))
    }

    @Test func theLanguageChoosesWordsAndDates() throws {
        let (configuration, diagnostics) = read(#"{"language": "pt-BR"}"#)
        #expect(diagnostics.isEmpty)
        let value = try #require(configuration)
        #expect(value.language == "pt-BR")
        #expect(value.words.language == .pt)
        #expect(value.words[.next] == "Pr\u{F3}xima")
        #expect(value.dateStyle == SiteLanguage.pt.dateStyle)
        #expect(SiteConfiguration().words.language == .en)
    }

    @Test func wordsReplaceTheLanguagesOwn() throws {
        let (configuration, diagnostics) = read(
            #"{"language": "fr", "words": {"next": "Suivant", "photoCountOther": "{count} clichés", "zoom": null}}"#)
        #expect(diagnostics.isEmpty)
        let value = try #require(configuration)
        #expect(value.words[.next] == "Suivant")
        #expect(value.words[.zoom] == "Zoom")
        #expect(value.words.count(photos: 2) == "2 clich\u{E9}s")
        // Setting the language afterwards keeps the site's words.
        var changed = value
        changed.language = "de"
        #expect(changed.words[.next] == "Suivant")
        #expect(changed.words[.previous] == "Zur\u{FC}ck")
    }

    /// A language the theme has no table for is English, with a warning; the tag still goes to
    /// `<html lang>`.
    @Test func anUnknownLanguageFallsBackToEnglish() throws {
        let (configuration, diagnostics) = read(#"{"language": "zh-Hant"}"#)
        #expect(
            diagnostics == [
                "ashlar.json:1:14: warning: the theme has no words or date format for 'language' 'zh-Hant': they are "
                    + "in English (it has 'en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'ja')"
            ])
        let value = try #require(configuration)
        #expect(value.language == "zh-Hant")
        #expect(value.words.language == .en)
    }

    @Test(arguments: [
        (
            #"{"words": {"nxt": "Suivante"}}"#,
            "ashlar.json:1:12: error: 'words.nxt' is not one of the theme's words; did you mean 'words.next'?"
        ),
        (
            #"{"words": {"photoCountone": "{count} cliché"}}"#,
            "ashlar.json:1:12: error: 'words.photoCountone' is not one of the theme's words; did you mean "
                + "'words.photoCountOne'?"
        ),
        (#"{"words": {"colour": "x"}}"#, "ashlar.json:1:12: error: 'words.colour' is not one of the theme's words"),
        (#"{"words": {"next": 3}}"#, "ashlar.json:1:20: error: 'words.next' must be a string, found 3"),
        (
            #"{"words": ["next"]}"#,
            "ashlar.json:1:11: error: 'words' must be an object of the theme's words, such as {\"next\": "
                + "\"Suivante\"}, found a list"
        ),
    ])
    func wrongWordsAreErrors(json: String, expected: String) {
        let (configuration, diagnostics) = read(json)
        #expect(diagnostics == [expected])
        #expect(configuration == nil)
    }
}
