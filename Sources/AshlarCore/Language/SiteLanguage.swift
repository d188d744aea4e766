/// The languages the theme has words and date formats for. `ashlar.json`'s `language` chooses
/// one by its primary subtag (`pt-BR` → `pt`); any other language gets English, with a warning.
package enum SiteLanguage: String, CaseIterable, Sendable {
    case en, fr, de, es, it, nl, pt, ja

    /// The table for a BCP 47 tag: its primary language subtag, compared without case; nil when
    /// the theme has no table for it.
    package init?(tag: String) {
        guard let primary = tag.split(separator: "-", maxSplits: 1).first else { return nil }
        self.init(rawValue: primary.lowercased())
    }

    /// The CLDR plural category of a whole number `count` in this language, from the CLDR's
    /// cardinal rules (`plurals.json`) for integers: `i = 1 and v = 0` (en, de, it, nl),
    /// `n = 1` (es), `i = 0,1` (fr, pt), none (ja: always other). The `many` category fr, es, it
    /// and pt give exact millions is not distinguished: it reads as `other`.
    package func pluralCategory(_ count: Int) -> PluralCategory {
        switch self {
        case .en, .de, .it, .nl, .es: count == 1 ? .one : .other
        case .fr, .pt: count == 0 || count == 1 ? .one : .other
        case .ja: .other
        }
    }

    /// The theme's words in this language.
    package var words: ThemeWords.Table {
        switch self {
        case .en: ThemeWords.english
        case .fr: ThemeWords.french
        case .de: ThemeWords.german
        case .es: ThemeWords.spanish
        case .it: ThemeWords.italian
        case .nl: ThemeWords.dutch
        case .pt: ThemeWords.portuguese
        case .ja: ThemeWords.japanese
        }
    }

    /// Month names and date and time patterns, from the CLDR.
    package var dateStyle: DateStyle { .cldr(self) }
}
