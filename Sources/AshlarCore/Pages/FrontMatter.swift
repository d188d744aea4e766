import AshlarImage

/// A page's optional front matter: `---` on the first line, `key: value` lines, `---`.
///
/// Keys: `title` (any text) and `menu` (`true`, `false`, or a whole number that orders the menu,
/// lowest first). Blank lines and lines starting with `#` are ignored.
struct FrontMatter: Equatable {
    var title: String?
    /// Whether the page is in the site menu.
    var inMenu = true
    /// Where it goes among the menu's pages (lowest first); nil after every numbered one.
    var menuOrder: Int?
    /// The 1-based line the Markdown body starts on.
    var bodyLine = 1

    static let keys = ["title", "menu"]

    /// Splits `text` into front matter and body; errors name the line and column.
    static func read(_ text: String, path: String) -> Result<(FrontMatter, body: Substring), FrontMatterError> {
        var matter = FrontMatter()
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })[...]
        guard let first = lines.first, first.trimmingTrailingReturn == "---" else {
            return .success((matter, text[...]))
        }
        lines.removeFirst()
        var lineNumber = 1
        while let line = lines.popFirst() {
            lineNumber += 1
            let content = line.trimmingTrailingReturn
            if content == "---" {
                matter.bodyLine = lineNumber + 1
                let body = lines.first.map { text[$0.startIndex...] } ?? ""
                return .success((matter, body))
            }
            let trimmed = String(content).trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = content.firstIndex(of: ":") else {
                return .failure(
                    FrontMatterError(
                        line: lineNumber, column: 1, message: "expected 'key: value' or '---' in the front matter"))
            }
            let key = String(content[..<colon]).trimmingSpaces
            let value = String(content[content.index(after: colon)...]).trimmingSpaces
            let afterColon = content[content.index(after: colon)...]
            let valueStart = afterColon.firstIndex { $0 != " " && $0 != "\t" } ?? afterColon.endIndex
            let valueColumn = content.distance(from: content.startIndex, to: valueStart) + 1
            switch key {
            case "title":
                let unquoted = Self.unquoted(value)
                guard !unquoted.isEmpty else {
                    return .failure(
                        FrontMatterError(line: lineNumber, column: valueColumn, message: "'title' must not be empty"))
                }
                matter.title = unquoted
            case "menu":
                if value == "false" {
                    matter.inMenu = false
                } else if value == "true" {
                    matter.inMenu = true
                } else if let order = Int(value), (-100_000...100_000).contains(order) {
                    matter.menuOrder = order
                } else {
                    return .failure(
                        FrontMatterError(
                            line: lineNumber, column: valueColumn,
                            message: "'menu' must be true, false or a whole number (its place in the menu), "
                                + "found \(value.quotedForMessage)"))
                }
            default:
                let suggestion = Suggestion.closest(to: key, among: keys).map { "; did you mean '\($0)'?" } ?? ""
                return .failure(
                    FrontMatterError(
                        line: lineNumber, column: 1,
                        message: "unknown front matter key \(key.quotedForMessage)\(suggestion) "
                            + "(pages know 'title' and 'menu')"))
            }
        }
        return .failure(FrontMatterError(line: 1, column: 1, message: "the front matter has no closing '---' line"))
    }

    /// `"About me"` or `'About me'` → `About me`.
    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }
}

/// What is wrong with a page's front matter, and where.
struct FrontMatterError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}

extension Substring {
    fileprivate var trimmingTrailingReturn: Substring { hasSuffix("\r") ? dropLast() : self }
}
