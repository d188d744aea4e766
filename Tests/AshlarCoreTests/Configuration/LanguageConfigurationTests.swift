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

    @Test func dateFormatReplacesTheLanguagesPatterns() throws {
        let (configuration, diagnostics) = read(
            #"{"language": "en", "dateFormat": {"date": "y-MM-dd", "time": "HH:mm", "dateTime": "{1} {0}"}}"#)
        #expect(diagnostics.isEmpty)
        let value = try #require(configuration)
        #expect(
            value.dateStyle.text(PhotoDate(year: 2020, month: 2, day: 1, hour: 17, minute: 52)) == "2020-02-01 17:52")
        // Another language keeps the site's patterns and takes its own month names.
        var changed = value
        changed.language = "fr"
        changed.datePatterns.date = "d MMMM y"
        #expect(changed.dateStyle.text(PhotoDate(year: 2020, month: 2, day: 1)) == "1 f\u{E9}vrier 2020")
    }

    @Test(arguments: [
        (
            #"{"dateFormat": {"date": "EEE d MMM"}}"#,
            "ashlar.json:1:25: error: 'dateFormat.date' must be a CLDR pattern of y, M, d, H, h, a, m, s and "
                + "'quoted text' such as \"d MMM y\", found \"EEE d MMM\""
        ),
        (
            #"{"dateFormat": {"dateTime": "{0}"}}"#,
            "ashlar.json:1:29: error: 'dateFormat.dateTime' must hold the date as {1} and may hold the time as {0}, "
                + "such as \"{1}, {0}\", found \"{0}\""
        ),
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
