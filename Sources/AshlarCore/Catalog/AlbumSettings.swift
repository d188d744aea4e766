/// What an album's optional `album.json` says.
public struct AlbumSettings: Sendable, Equatable {
    public var title: String?
    public var description: String?
    /// The file name of the photo (in this album or below it) that represents the album.
    public var cover: String?
    public var sort: SortOrder?
    /// A hidden album is left out of the site, with everything below it.
    public var hidden: Bool?

    public init() {}

    static let keys = ["title", "description", "cover", "sort", "hidden"]

    /// Reads `album.json`. Wrong types are errors naming the key; unknown keys are warnings.
    public static func read(_ bytes: [UInt8], path: String) -> (AlbumSettings, [Diagnostic]) {
        var settings = AlbumSettings()
        var diagnostics: [Diagnostic] = []
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            return (settings, [.error(error.reason, path: path, at: SourceLocation(offset: error.offset, in: bytes))])
        }
        guard let members = document.root.members else {
            let message = "album.json must be a JSON object, found \(document.root.typeDescription)"
            return (settings, [.error(message, path: path, at: document.location(of: document.root.offset))])
        }
        func fail(_ message: String, _ member: JSONMember) {
            diagnostics.append(.error(message, path: path, at: document.location(of: member.value.offset), key: member.key))
        }
        for member in members {
            switch member.key {
            case "title", "description", "cover":
                guard let text = member.value.stringValue else {
                    fail("'\(member.key)' must be a string, found \(member.value.typeDescription)", member)
                    continue
                }
                switch member.key {
                case "title": settings.title = text
                case "description": settings.description = text
                default:
                    if text.contains("..") || text.hasPrefix("/") || text.contains("\\") {
                        fail("'cover' must name a photo in this album or below it, found \"\(text.prefix(200))\"", member)
                    } else {
                        settings.cover = text
                    }
                }
            case "sort":
                guard let text = member.value.stringValue, let order = SortOrder(parsing: text) else {
                    fail("'sort' must be one of \(SortOrder.accepted), optionally with a leading '-', found \(member.value.stringValue.map { "\"\($0.prefix(60))\"" } ?? member.value.typeDescription)", member)
                    continue
                }
                settings.sort = order
            case "hidden":
                guard let flag = member.value.boolValue else {
                    fail("'hidden' must be true or false, found \(member.value.typeDescription)", member)
                    continue
                }
                settings.hidden = flag
            default:
                var message = "'\(member.key)' is not an album key"
                if let suggestion = Suggestion.closest(to: member.key, among: keys) {
                    message += "; did you mean '\(suggestion)'?"
                }
                diagnostics.append(.warning(message, path: path, at: document.location(of: member.keyOffset), key: member.key))
            }
        }
        return (settings, diagnostics)
    }
}
