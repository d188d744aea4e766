import Foundation
import Testing

@testable import AshlarCore

/// The CLDR date formatter against dates written out by hand from the CLDR 47 data in
/// `Fixtures/CLDR/main/*/ca-gregorian.json` (`dateFormats.medium` and `.long`,
/// `timeFormats.short`, `dateTimeFormats.medium`, `months.format`), and the generated table
/// against those files.
@Suite struct DateStyleTests {
    static let evening = PhotoDate(year: 2020, month: 2, day: 1, hour: 17, minute: 52)

    /// 2020-02-01 17:52 as each language's page shows it: the medium date, the short time,
    /// glued by the medium date-time pattern. (en: `MMM d, y` + `h:mm\u{202F}a` by `{1}, {0}`;
    /// de: `dd.MM.y`; pt: `d 'de' MMM 'de' y` glued by `{1} {0}`; ja: `y/MM/dd` + `H:mm`.)
    @Test(arguments: [
        (SiteLanguage.en, "Feb 1, 2020, 5:52\u{202F}PM"),
        (.fr, "1 f\u{E9}vr. 2020, 17:52"),
        (.de, "01.02.2020, 17:52"),
        (.es, "1 feb 2020, 17:52"),
        (.it, "1 feb 2020, 17:52"),
        (.nl, "1 feb 2020, 17:52"),
        (.pt, "1 de fev. de 2020 17:52"),
        (.ja, "2020/02/01 17:52"),
    ])
    func pagesShowTheMediumDateAndShortTime(language: SiteLanguage, expected: String) {
        #expect(language.dateStyle.text(Self.evening) == expected)
    }

    /// The long date pattern with the wide month names.
    @Test(arguments: [
        (SiteLanguage.en, "February 1, 2020"),
        (.fr, "1 f\u{E9}vrier 2020"),
        (.de, "1. Februar 2020"),
        (.es, "1 de febrero de 2020"),
        (.it, "1 febbraio 2020"),
        (.nl, "1 februari 2020"),
        (.pt, "1 de fevereiro de 2020"),
        (.ja, "2020\u{5E74}2\u{6708}1\u{65E5}"),
    ])
    func longDatesUseTheWideMonthNames(language: SiteLanguage, expected: String) {
        let style = language.dateStyle
        #expect(style.format(Self.evening, pattern: style.longDate) == expected)
    }

    /// A date without a time (held as midnight) is the date alone; the 12-hour clock's
    /// midnight-past and noon hours are 12.
    @Test(arguments: [
        (SiteLanguage.en, PhotoDate(year: 2024, month: 6, day: 1), "Jun 1, 2024"),
        (.fr, PhotoDate(year: 2024, month: 6, day: 1), "1 juin 2024"),
        (.en, PhotoDate(year: 2024, month: 6, day: 1, hour: 0, minute: 30), "Jun 1, 2024, 12:30\u{202F}AM"),
        (.en, PhotoDate(year: 2024, month: 6, day: 1, hour: 12, minute: 5), "Jun 1, 2024, 12:05\u{202F}PM"),
        (.en, PhotoDate(year: 2024, month: 12, day: 31, hour: 9, minute: 7), "Dec 31, 2024, 9:07\u{202F}AM"),
        (.es, PhotoDate(year: 2024, month: 9, day: 3, hour: 9, minute: 7), "3 sept 2024, 9:07"),
        (.ja, PhotoDate(year: 2024, month: 6, day: 1, hour: 9, minute: 7), "2024/06/01 9:07"),
    ])
    func timesFollowTheLanguagesClock(language: SiteLanguage, date: PhotoDate, expected: String) {
        #expect(language.dateStyle.text(date) == expected)
    }

    /// Every field the formatter knows, and quoted text.
    @Test(arguments: [
        ("y yy yyyy", "2020 20 2020"),
        ("M MM MMM MMMM", "2 02 Feb February"),
        ("d dd", "1 01"),
        ("H HH h hh a", "17 17 5 05 PM"),
        ("m mm s ss", "52 52 0 00"),
        ("'at' HH'h'mm", "at 17h52"),
        ("'o''clock' ''", "o'clock '"),
        ("d 'de' MMMM", "1 de February"),
        ("EEEE, d", "EEEE, 1"),
    ])
    func patternFields(pattern: String, expected: String) {
        #expect(SiteLanguage.en.dateStyle.format(Self.evening, pattern: pattern) == expected)
    }

    @Test func unknownFieldsAreFoundOutsideQuotes() {
        #expect(DateStyle.unknownFields(in: "EEEE d 'de' MMMM, G y") == ["E", "G"])
        #expect(DateStyle.unknownFields(in: "y-MM-dd 'Week' HH:mm") == [])
    }

    /// `dateFormat` patterns replace the language's, one by one.
    @Test func patternsReplaceTheLanguages() {
        let iso = SiteLanguage.en.dateStyle.with(.init(date: "y-MM-dd", time: "HH:mm", dateTime: "{1} {0}"))
        #expect(iso.text(Self.evening) == "2020-02-01 17:52")
        let french = SiteLanguage.fr.dateStyle.with(.init(time: "HH'h'mm"))
        #expect(french.text(Self.evening) == "1 f\u{E9}vr. 2020, 17h52")
    }

    @Test func yearsArePaddedOrCut() {
        let early = PhotoDate(year: 7, month: 1, day: 2)
        #expect(SiteLanguage.en.dateStyle.format(early, pattern: "y yy yyyy") == "7 07 0007")
    }

    /// The generated table holds exactly what the CLDR's files say, for every language.
    @Test(arguments: SiteLanguage.allCases)
    func theTableIsTheCLDRs(language: SiteLanguage) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/CLDR/main/\(language.rawValue)/ca-gregorian.json")
        let root = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let main = try #require(root["main"] as? [String: Any])
        let dates = try #require((main[language.rawValue] as? [String: Any])?["dates"] as? [String: Any])
        let calendars = try #require(dates["calendars"] as? [String: Any])
        let gregorian = try #require(calendars["gregorian"] as? [String: Any])
        func string(_ path: String...) throws -> String {
            var value: Any? = gregorian
            for key in path { value = (value as? [String: Any])?[key] }
            return try #require(value as? String, "\(path)")
        }
        func months(_ width: String) throws -> [String] {
            try (1...12).map { try string("months", "format", width, String($0)) }
        }
        let style = language.dateStyle
        #expect(style.abbreviatedMonths == (try months("abbreviated")))
        #expect(style.wideMonths == (try months("wide")))
        #expect(style.mediumDate == (try string("dateFormats", "medium")))
        #expect(style.longDate == (try string("dateFormats", "long")))
        #expect(style.shortTime == (try string("timeFormats", "short")))
        #expect(style.dateTime == (try string("dateTimeFormats", "medium")))
        #expect(style.am == (try string("dayPeriods", "format", "abbreviated", "am")))
        #expect(style.pm == (try string("dayPeriods", "format", "abbreviated", "pm")))
        // No pattern the table holds needs a field the formatter does not know.
        for pattern in [style.mediumDate, style.longDate, style.shortTime] {
            #expect(DateStyle.unknownFields(in: pattern).isEmpty, "\(pattern)")
        }
    }
}
