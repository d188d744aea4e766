import Foundation

extension SiteConfiguration {
    /// Reads `ashlar.json`. Wrong types are errors naming the key path; unknown keys are warnings;
    /// `null` means the default.
    /// Returns nil configuration when the file has errors.
    public static func read(bytes: [UInt8], path: String) -> (SiteConfiguration?, [Diagnostic]) {
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            let location = SourceLocation(offset: error.offset, in: bytes)
            return (nil, [.error(error.reason, path: path, at: location)])
        }
        var reader = ConfigurationReader(document: document, path: path)
        let configuration = reader.read()
        let hasErrors = reader.diagnostics.contains { $0.severity == .error }
        return (hasErrors ? nil : configuration, reader.diagnostics)
    }
}

/// Walks the JSON of `ashlar.json`, collecting diagnostics.
private struct ConfigurationReader {
    let document: JSONDocument
    let path: String
    var diagnostics: [Diagnostic] = []

    init(document: JSONDocument, path: String) {
        self.document = document
        self.path = path
    }

    mutating func read() -> SiteConfiguration {
        var configuration = SiteConfiguration()
        guard let members = document.root.members else {
            error("the configuration must be a JSON object, found \(document.root.typeDescription)", at: document.root, key: nil)
            return configuration
        }
        for member in members {
            // `null` leaves a key at its default, as `ashlar init` writes unset keys.
            if case .null = member.value.kind, SiteConfiguration.topLevelKeys.contains(member.key) { continue }
            switch member.key {
            case "title":
                if let text = string(member.value, key: "title") { configuration.title = text }
            case "language":
                if let text = string(member.value, key: "language") {
                    if Self.isLanguageTag(text) {
                        configuration.language = text
                    } else {
                        error("'language' must be a language tag such as 'en' or 'pt-BR', found \"\(text)\"", at: member.value, key: "language")
                    }
                }
            case "description":
                if let text = string(member.value, key: "description") { configuration.description = text }
            case "author":
                if let text = string(member.value, key: "author") { configuration.author = text }
            case "copyright":
                if let text = string(member.value, key: "copyright") { configuration.copyright = text }
            case "baseURL":
                if let text = string(member.value, key: "baseURL") {
                    if let url = Self.baseURL(text) {
                        configuration.baseURL = url
                    } else {
                        error("'baseURL' must be an absolute http(s) URL such as \"https://example.com/photos/\", found \"\(text.prefix(200))\"", at: member.value, key: "baseURL")
                    }
                }
            case "images":
                if let text = string(member.value, key: "images") {
                    if let handling = SiteConfiguration.ImageHandling(rawValue: text) {
                        configuration.images = handling
                    } else {
                        error("'images' must be 'copy' or 'reference', found \"\(text.prefix(60))\"", at: member.value, key: "images")
                    }
                }
            case "mediaBaseURL":
                if let text = string(member.value, key: "mediaBaseURL") {
                    if let url = Self.baseURL(text) {
                        configuration.mediaBaseURL = url
                    } else {
                        error("'mediaBaseURL' must be an absolute http(s) URL such as \"https://cdn.example.com/photos/\", found \"\(text.prefix(200))\"", at: member.value, key: "mediaBaseURL")
                    }
                }
            case "pageSize":
                if let number = member.value.numberValue, number == number.rounded(), number >= 0, number <= 100_000 {
                    configuration.pageSize = Int(number)
                } else {
                    error("'pageSize' must be a whole number of photos from 0 (one page) to 100000, found \(describe(member.value))", at: member.value, key: "pageSize")
                }
            case "layout":
                readLayout(member.value, into: &configuration.layout)
            case "sort":
                if let text = string(member.value, key: "sort") {
                    if let order = SortOrder(parsing: text) {
                        configuration.sort = order
                    } else {
                        error("'sort' must be one of \(SortOrder.accepted), optionally with a leading '-', found \"\(text.prefix(60))\"", at: member.value, key: "sort")
                    }
                }
            default:
                unknown(member, among: SiteConfiguration.topLevelKeys, prefix: "")
            }
        }
        return configuration
    }

    private mutating func readLayout(_ value: JSONValue, into layout: inout SiteConfiguration.LayoutSettings) {
        guard let members = value.members else {
            error("'layout' must be an object, found \(value.typeDescription)", at: value, key: "layout")
            return
        }
        for member in members {
            if case .null = member.value.kind, SiteConfiguration.layoutKeys.contains(member.key) { continue }
            switch member.key {
            case "gap":
                guard let gap = member.value.numberValue, gap >= 0, gap <= 200 else {
                    error("'layout.gap' must be a number of pixels from 0 to 200, found \(describe(member.value))", at: member.value, key: "layout.gap")
                    continue
                }
                layout.gap = gap
            case "breakpoints":
                if let breakpoints = readBreakpoints(member.value) { layout.breakpoints = breakpoints }
            default:
                unknown(member, among: SiteConfiguration.layoutKeys, prefix: "layout.")
            }
        }
        // A gap too wide for the columns would leave them no width at their reference width.
        for (index, breakpoint) in layout.breakpoints.enumerated()
        where Double(breakpoint.columns - 1) * layout.gap >= breakpoint.referenceWidth {
            error(
                "'layout.gap' of \(CSSNumber.format(layout.gap)) px leaves no room for \(breakpoint.columns) columns at \(CSSNumber.format(breakpoint.referenceWidth)) px",
                at: value, key: "layout.breakpoints[\(index)]")
        }
    }

    private mutating func readBreakpoints(_ value: JSONValue) -> [Breakpoint]? {
        guard let items = value.arrayValue, !items.isEmpty else {
            error("'layout.breakpoints' must be a non-empty list of {\"minWidth\", \"columns\"}, found \(describe(value))", at: value, key: "layout.breakpoints")
            return nil
        }
        var breakpoints: [Breakpoint] = []
        var valid = true
        for (index, item) in items.enumerated() {
            let key = "layout.breakpoints[\(index)]"
            guard let members = item.members else {
                error("'\(key)' must be an object with 'minWidth' and 'columns', found \(item.typeDescription)", at: item, key: key)
                valid = false
                continue
            }
            var minWidth: Double?
            var columns: Int?
            for member in members {
                switch member.key {
                case "minWidth":
                    if let number = member.value.numberValue, number >= 0, number <= 100_000 {
                        minWidth = number
                    } else {
                        error("'\(key).minWidth' must be a number of pixels from 0 to 100000, found \(describe(member.value))", at: member.value, key: "\(key).minWidth")
                        valid = false
                    }
                case "columns":
                    if let number = member.value.numberValue, number == number.rounded(), number >= 1,
                        number <= Double(SiteConfiguration.maximumColumns)
                    {
                        columns = Int(number)
                    } else {
                        error("'\(key).columns' must be a whole number from 1 to \(SiteConfiguration.maximumColumns), found \(describe(member.value))", at: member.value, key: "\(key).columns")
                        valid = false
                    }
                default:
                    unknown(member, among: SiteConfiguration.breakpointKeys, prefix: "\(key).")
                }
            }
            guard valid else { continue }
            guard let minWidth, let columns else {
                let missing = minWidth == nil ? "minWidth" : "columns"
                error("'\(key)' is missing '\(missing)'", at: item, key: key)
                valid = false
                continue
            }
            breakpoints.append(Breakpoint(minWidth: minWidth, columns: columns))
        }
        guard valid else { return nil }
        for index in breakpoints.indices.dropFirst() where breakpoints[index].minWidth <= breakpoints[index - 1].minWidth {
            error(
                "'layout.breakpoints' must be in increasing 'minWidth' order; \(CSSNumber.format(breakpoints[index].minWidth)) follows \(CSSNumber.format(breakpoints[index - 1].minWidth))",
                at: items[index], key: "layout.breakpoints[\(index)].minWidth")
            return nil
        }
        return breakpoints
    }

    private mutating func string(_ value: JSONValue, key: String) -> String? {
        guard let text = value.stringValue else {
            error("'\(key)' must be a string, found \(describe(value))", at: value, key: key)
            return nil
        }
        return text
    }

    private func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .number(let number): abs(number) < 1e15 ? CSSNumber.format(number) : number.messageText
        case .string(let text): "\"\(text.prefix(60))\""
        case .bool(let flag): String(flag)
        default: value.typeDescription
        }
    }

    private mutating func unknown(_ member: JSONMember, among known: [String], prefix: String) {
        var message = "'\(prefix)\(member.key)' is not a configuration key"
        if let suggestion = Suggestion.closest(to: member.key, among: known) {
            message += "; did you mean '\(prefix)\(suggestion)'?"
        }
        diagnostics.append(.warning(message, path: path, at: document.location(of: member.keyOffset), key: prefix + member.key))
    }

    private mutating func error(_ message: String, at value: JSONValue, key: String?) {
        diagnostics.append(.error(message, path: path, at: document.location(of: value.offset), key: key))
    }

    /// `https://example.com/photos` → `https://example.com/photos/`; nil unless an absolute
    /// http(s) URL with a host and no query or fragment.
    static func baseURL(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false, url.query == nil, url.fragment == nil, !text.contains(" ")
        else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }

    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
