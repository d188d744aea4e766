import AshlarTemplate

/// The words the theme shows, in the site's language, with `ashlar.json`'s `words` over them:
/// templates receive them as `words` (`{{words.next}}`), and the page models say counts,
/// positions, labels and camera details with them.
package struct ThemeWords: Sendable, Equatable, TemplateValueConvertible {
    /// A language's complete table: every key's text (an exhaustive switch, so a new key is
    /// found by the compiler in every language).
    package typealias Table = (Key) -> String

    /// The language whose table and plural rules are used.
    package let language: SiteLanguage
    /// Every key's text: the override when given, else the language's.
    private let texts: [Key: String]
    /// The words as templates receive them (`words`), made once for every page.
    let templateValue: TemplateValue

    /// The words of `language`, with `overrides` (from `ashlar.json`'s `words`) in place of its own.
    package init(language: SiteLanguage = .en, overrides: [Key: String] = [:]) {
        self.language = language
        let table = language.words
        var texts: [Key: String] = [:]
        for key in Key.allCases { texts[key] = overrides[key] ?? table(key) }
        self.texts = texts
        templateValue = .object(TemplateObject(Key.allCases.map { ($0.rawValue, .string(texts[$0] ?? "")) }))
    }

    /// The text of `key`, placeholders and all.
    package subscript(_ key: Key) -> String {
        texts[key] ?? ""
    }

    /// The text of `key` with its `{name}` placeholders filled from `values`; a placeholder
    /// without a value, or text in braces that is none, is left as it is.
    package func text(_ key: Key, _ values: KeyValuePairs<String, String>) -> String {
        let text = self[key]
        guard text.contains("{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            rest = rest[open...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            if let value = values.first(where: { $0.key == name })?.value {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// "4 photos, 1 video": the photos, then the videos when there are any; "0 photos" when
    /// there is nothing. Each count takes its form by the language's plural rules.
    package func count(photos: Int, videos: Int = 0) -> String {
        var parts: [String] = []
        if photos > 0 || videos == 0 {
            let key: Key = language.pluralCategory(photos) == .one ? .photoCountOne : .photoCountOther
            parts.append(text(key, ["count": String(photos)]))
        }
        if videos > 0 {
            let key: Key = language.pluralCategory(videos) == .one ? .videoCountOne : .videoCountOther
            parts.append(text(key, ["count": String(videos)]))
        }
        return parts.joined(separator: self[.listSeparator])
    }

    /// "Photo 3 of 5", or "Video 5 of 5" for a video.
    package func position(_ position: Int, of total: Int, isVideo: Bool) -> String {
        text(isVideo ? .videoPosition : .photoPosition, ["position": String(position), "count": String(total)])
    }

    /// "page 2 of 5", as titles and gallery labels add it.
    package func page(_ page: Int, of count: Int) -> String {
        text(.pageOfCount, ["page": String(page), "count": String(count)])
    }
}
