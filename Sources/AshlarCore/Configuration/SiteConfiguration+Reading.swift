import AshlarImage
import Foundation

extension SiteConfiguration {
    /// Reads `ashlar.json`. Wrong types are errors naming the key path; unknown keys are warnings;
    /// `null` means the default.
    /// Returns nil configuration when the file has errors.
    package static func read(bytes: [UInt8], path: String) -> (SiteConfiguration?, [Diagnostic]) {
        let (configuration, diagnostics) = JSONObjectReader.read(
            bytes, path: path, name: "the configuration", keys: ConfigurationReader.topLevelKeys
        ) { reader in
            ConfigurationReader.read(&reader)
        }
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return (hasErrors ? nil : configuration, diagnostics)
    }
}

/// What each key of `ashlar.json` must be.
enum ConfigurationReader {
    static let topLevelKeys = JSONObjectReader.Keys(
        names: SiteConfiguration.topLevelKeys, noun: "a configuration key", nullMeansAbsent: true)
    static let layoutKeys = JSONObjectReader.Keys(
        names: SiteConfiguration.layoutKeys, noun: "a configuration key", nullMeansAbsent: true)
    static let breakpointKeys = JSONObjectReader.Keys(
        names: SiteConfiguration.breakpointKeys, noun: "a configuration key", nullMeansAbsent: false)

    static func read(_ reader: inout JSONObjectReader) -> SiteConfiguration {
        var configuration = SiteConfiguration()
        if let text = reader.string("title") { configuration.title = text }
        let languageTag = "must be a language tag such as 'en' or 'pt-BR'"
        if let tag = reader.string("language", languageTag, { isLanguageTag($0) ? $0 : nil }) {
            configuration.language = tag
            if SiteLanguage(tag: tag) == nil {
                let languages = SiteLanguage.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                reader.report(
                    "the theme has no words or date format for 'language' '\(tag)': they are in English "
                        + "(it has \(languages))",
                    at: reader.value("language")?.offset, key: "language", severity: .warning)
            }
        }
        readWords(&reader, into: &configuration)
        reader.object("dateFormat", keys: dateFormatKeys) { readDateFormat(&$0, into: &configuration.datePatterns) }
        if let text = reader.string("description") { configuration.description = text }
        if let text = reader.string("author") { configuration.author = text }
        if let text = reader.string("copyright") { configuration.copyright = text }
        if let url = reader.string("baseURL", checkedBy: { checkedBaseURL($0, example: "https://example.com/photos/") })
        {
            configuration.baseURL = url
        }
        let imageHandling = "must be 'copy' or 'reference'"
        if let handling = reader.string("images", imageHandling, { SiteConfiguration.ImageHandling(rawValue: $0) }) {
            configuration.images = handling
        }
        if let url = reader.string(
            "mediaBaseURL", checkedBy: { checkedBaseURL($0, example: "https://cdn.example.com/photos/") })
        {
            configuration.mediaBaseURL = url
        }
        let pageSize = "a whole number of photos from 0 (one page) to 100000"
        if let size = reader.integer("pageSize", in: 0...100_000, expected: pageSize) { configuration.pageSize = size }
        reader.object("layout", keys: layoutKeys) { readLayout(&$0, into: &configuration.layout) }
        let sortOrder = "must be one of \(SortOrder.accepted), optionally with a leading '-'"
        if let order = reader.string("sort", sortOrder, SortOrder.init(parsing:)) { configuration.sort = order }
        let rating = "a whole number of stars from 0 to 5"
        if let minimum = reader.integer("minRating", in: 0...5, expected: rating) { configuration.minRating = minimum }
        if let show = reader.bool("showPlace") { configuration.showPlace = show }
        if let tags = reader.bool("tags") { configuration.tags = tags }
        if let script = reader.bool("script") { configuration.script = script }
        readRenditions(&reader, into: &configuration.renditions)
        if let bytes = reader.string(
            "memory", "must be \(ByteSize.accepted)", { ByteSize.parse($0).flatMap { $0 > 0 ? $0 : nil } })
        {
            configuration.memory = bytes
        }
        readMenu(&reader, into: &configuration)
        reader.object("markdown", keys: markdownKeys) { inner in
            if let html = inner.bool("html") { configuration.markdownHTML = html }
        }
        if let icon = reader.string(
            "icon", "must be the path of a PNG or JPEG file inside the site folder, such as 'icon.png'",
            { RelativePath.isSafe($0) ? $0 : nil })
        {
            configuration.icon = icon
        }
        return configuration
    }

    /// `"words": {"next": "Suivante", …}`: any of the theme's words, each a string. A key that is
    /// none of them is an error (a word meant to replace one would otherwise be lost unseen).
    private static func readWords(_ reader: inout JSONObjectReader, into configuration: inout SiteConfiguration) {
        guard let value = reader.value("words") else { return }
        guard let members = value.members else {
            reader.reject(
                value, at: .member("words"),
                expected: "an object of the theme's words, such as {\"next\": \"Suivante\"}")
            return
        }
        let names = ThemeWords.Key.allCases.map(\.rawValue)
        var overrides: [ThemeWords.Key: String] = [:]
        for member in members {
            guard let key = ThemeWords.Key(rawValue: member.key) else {
                var message = "'words.\(member.key)' is not one of the theme's words"
                if let suggestion = Suggestion.closest(to: member.key, among: names) {
                    message += "; did you mean 'words.\(suggestion)'?"
                }
                reader.report(message, at: member.keyOffset, key: "words.\(member.key)", severity: .error)
                continue
            }
            if case .null = member.value.kind { continue }
            guard let text = reader.string(member.value, at: .member("words.\(member.key)")) else { continue }
            overrides[key] = text
        }
        configuration.wordOverrides = overrides
    }

    static let dateFormatKeys = JSONObjectReader.Keys(
        names: SiteConfiguration.dateFormatKeys, noun: "a configuration key", nullMeansAbsent: true)

    /// `"dateFormat": {"date": "y-MM-dd", "time": "HH:mm", "dateTime": "{1} {0}"}`: CLDR patterns
    /// of the fields the formatter writes; `dateTime` must hold the date (`{1}`).
    private static func readDateFormat(_ reader: inout JSONObjectReader, into patterns: inout DateStyle.Patterns) {
        let fields = "a CLDR pattern of y, M, d, H, h, a, m, s and 'quoted text'"
        patterns.date = reader.string("date", "must be \(fields) such as \"d MMM y\"") { pattern in
            DateStyle.unknownFields(in: pattern).isEmpty ? pattern : nil
        }
        patterns.time = reader.string("time", "must be \(fields) such as \"HH:mm\"") { pattern in
            DateStyle.unknownFields(in: pattern).isEmpty ? pattern : nil
        }
        patterns.dateTime = reader.string(
            "dateTime", "must hold the date as {1} and may hold the time as {0}, such as \"{1}, {0}\""
        ) { pattern in
            pattern.contains("{1}") ? pattern : nil
        }
    }

    static let markdownKeys = JSONObjectReader.Keys(
        names: SiteConfiguration.markdownKeys, noun: "a configuration key", nullMeansAbsent: true)

    /// `"menu": ["albums", "pages", "keywords", "places"]`: the sections, in order, each once.
    private static func readMenu(_ reader: inout JSONObjectReader, into configuration: inout SiteConfiguration) {
        let sections = SiteConfiguration.MenuSection.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard let items = reader.list("menu", expected: "a list of menu sections (\(sections))") else { return }
        var menu: [SiteConfiguration.MenuSection] = []
        for (index, item) in items.enumerated() {
            guard let name = item.stringValue, let section = SiteConfiguration.MenuSection(rawValue: name) else {
                reader.reject(item, at: .item("menu", index), expected: "one of \(sections)")
                continue
            }
            guard !menu.contains(section) else {
                reader.reject(item, at: .item("menu", index), must: "not repeat a section")
                continue
            }
            menu.append(section)
        }
        configuration.menu = menu
    }

    static let renditionKeys = JSONObjectReader.Keys(
        names: RenditionSettings.keys, noun: "a configuration key", nullMeansAbsent: true)

    /// `"renditions": false`, `true` or `{"widths", "quality", "maxWidth"}`, and `"originals"`.
    private static func readRenditions(_ reader: inout JSONObjectReader, into settings: inout RenditionSettings) {
        let originals = "must be 'omit' or 'publish'"
        if let policy = reader.string("originals", originals, { RenditionSettings.Originals(rawValue: $0) }) {
            settings.originals = policy
        }
        if let metadata = reader.string(
            "metadata", "must be 'none' or 'camera'", { RenditionSettings.Metadata(rawValue: $0) })
        {
            settings.metadata = metadata
        }
        let formats = ImageFormat.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        if let items = reader.list("publishAsIs", expected: "a list of image formats (\(formats))") {
            for (index, item) in items.enumerated() {
                guard let name = item.stringValue, let format = ImageFormat(rawValue: name.lowercased()) else {
                    reader.reject(item, at: .item("publishAsIs", index), expected: "one of \(formats)")
                    continue
                }
                settings.publishAsIs.insert(format)
            }
        }
        guard let value = reader.value("renditions") else { return }
        if let flag = value.boolValue {
            settings.enabled = flag
            return
        }
        let range = RenditionSettings.widthRange
        let widthWords = "a whole number of pixels from \(range.lowerBound) to \(range.upperBound)"
        _ = reader.object(
            value, at: .member("renditions"), keys: renditionKeys,
            expected: "true, false or an object with 'widths', 'quality' and 'maxWidth'"
        ) { inner in
            if let quality = inner.integer("quality", in: 1...100, expected: "a JPEG quality from 1 to 100") {
                settings.quality = quality
            }
            if let maxWidth = inner.integer("maxWidth", in: range, expected: widthWords) {
                settings.maxWidth = maxWidth
            }
            guard let list = inner.value("widths") else { return }
            guard let items = list.arrayValue, !items.isEmpty else {
                inner.reject(list, at: .member("widths"), expected: "a non-empty list of widths in pixels")
                return
            }
            var widths: [Int] = []
            for (index, item) in items.enumerated() {
                guard let number = item.numberValue, number == number.rounded(),
                    range.contains(Int(exactly: number) ?? 0)
                else {
                    inner.reject(item, at: .item("widths", index), expected: widthWords)
                    return
                }
                widths.append(Int(number))
            }
            settings.widths = widths
        }
    }

    private static func readLayout(
        _ reader: inout JSONObjectReader, into layout: inout SiteConfiguration.LayoutSettings
    ) {
        let gap = "a number of pixels from 0 to 200"
        if let value = reader.number("gap", in: 0...200, expected: gap) { layout.gap = value }
        if let breakpoints = readBreakpoints(&reader) { layout.breakpoints = breakpoints }
        // A gap too wide for the columns would leave them no width at their reference width.
        for (index, breakpoint) in layout.breakpoints.enumerated()
        where Double(breakpoint.columns - 1) * layout.gap >= breakpoint.referenceWidth {
            let gap = CSSNumber.format(layout.gap)
            let width = CSSNumber.format(breakpoint.referenceWidth)
            reader.report(
                "'layout.gap' of \(gap) px leaves no room for \(breakpoint.columns) columns at \(width) px",
                at: reader.offset, key: "layout.breakpoints[\(index)]")
        }
    }

    private static func readBreakpoints(_ reader: inout JSONObjectReader) -> [Breakpoint]? {
        guard let list = reader.value("breakpoints") else { return nil }
        guard let items = list.arrayValue, !items.isEmpty else {
            reader.reject(list, at: .member("breakpoints"), expected: "a non-empty list of {\"minWidth\", \"columns\"}")
            return nil
        }
        var breakpoints: [Breakpoint] = []
        var valid = true
        for (index, item) in items.enumerated() {
            let breakpoint = reader.object(
                item, at: .item("breakpoints", index), keys: breakpointKeys,
                expected: "an object with 'minWidth' and 'columns'", readBreakpoint)
            if let breakpoint = breakpoint ?? nil { breakpoints.append(breakpoint) } else { valid = false }
        }
        guard valid else { return nil }
        for index in breakpoints.indices.dropFirst()
        where breakpoints[index].minWidth <= breakpoints[index - 1].minWidth {
            let minWidth = CSSNumber.format(breakpoints[index].minWidth)
            let previous = CSSNumber.format(breakpoints[index - 1].minWidth)
            reader.report(
                "'layout.breakpoints' must be in increasing 'minWidth' order; \(minWidth) follows \(previous)",
                at: items[index].offset, key: "layout.breakpoints[\(index)].minWidth")
            return nil
        }
        return breakpoints
    }

    /// One `{"minWidth", "columns"}`; nil when a value is invalid or missing.
    private static func readBreakpoint(_ reader: inout JSONObjectReader) -> Breakpoint? {
        let minWidth = reader.number("minWidth", in: 0...100_000, expected: "a number of pixels from 0 to 100000")
        let columns = reader.integer("columns", in: 1...SiteConfiguration.maximumColumns)
        guard minWidth != nil || reader.value("minWidth") == nil, columns != nil || reader.value("columns") == nil
        else { return nil }
        guard let minWidth, let columns else {
            reader.reportMissing(minWidth == nil ? "minWidth" : "columns")
            return nil
        }
        return Breakpoint(minWidth: minWidth, columns: columns)
    }

    /// `https://example.com/photos` → `https://example.com/photos/`, or why the text is not an
    /// absolute http(s) base URL (see `WebAddress`).
    static func checkedBaseURL(_ text: String, example: String) -> Result<String, JSONObjectReader.Requirement> {
        switch WebAddress.base(text) {
        case .success(let url):
            .success(url)
        case .failure(.credentials):
            .failure(
                .init(
                    words: "must not hold a user name or password: it would be published on every page",
                    quotesValue: false))
        case .failure(.port):
            .failure(.init(words: "must have a port from 1 to 65535"))
        case .failure(.queryOrFragment):
            .failure(.init(words: "must not have a query ('?') or a fragment ('#')"))
        case .failure(.malformed):
            .failure(
                .init(
                    words: "must be an absolute http(s) URL such as \"\(example)\", with spaces and other characters "
                        + "percent-encoded"))
        }
    }

    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
