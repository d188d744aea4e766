/// How an album orders its photos: `name` (natural: `IMG_2` before `IMG_10`), `date`, `title`
/// or `order` (explicit `order` numbers first, then the rest by name); a leading `-` reverses.
/// Ties always break by name, so the order is total and the same on every build.
package struct SortOrder: Sendable, Equatable, CustomStringConvertible {
    package enum Key: String, Sendable, CaseIterable {
        case name, date, title, order
    }

    package var key: Key
    package var descending: Bool

    package init(key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    package static let byName = SortOrder(key: .name)

    /// Parses `name`, `-date`, …; nil for anything else.
    package init?(parsing text: String) {
        let descending = text.hasPrefix("-")
        guard let key = Key(rawValue: descending ? String(text.dropFirst()) : text) else { return nil }
        self.init(key: key, descending: descending)
    }

    package var description: String { (descending ? "-" : "") + key.rawValue }

    /// The accepted spellings, for messages.
    static var accepted: String {
        Key.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }

    /// Sorts photos. Photos missing the sort field (no date, no `order`) come after those that
    /// have it, in either direction, by name.
    package func sorted(_ photos: [Photo]) -> [Photo] {
        photos.sorted { a, b in
            switch key {
            case .name:
                return ordered(NaturalOrder.compare(a.name, b.name), a, b)
            case .title:
                return ordered(NaturalOrder.compare(a.metadata.title ?? a.name, b.metadata.title ?? b.name), a, b)
            case .date:
                switch (a.metadata.date, b.metadata.date) {
                case let (x?, y?): return ordered(x < y ? -1 : (y < x ? 1 : 0), a, b)
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return NaturalOrder.precedes(a.name, b.name)
                }
            case .order:
                switch (a.metadata.order, b.metadata.order) {
                case let (x?, y?): return ordered(x < y ? -1 : (y < x ? 1 : 0), a, b)
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return NaturalOrder.precedes(a.name, b.name)
                }
            }
        }
    }

    /// Applies the direction to a comparison, breaking ties by name (always ascending).
    private func ordered(_ comparison: Int, _ a: Photo, _ b: Photo) -> Bool {
        if comparison != 0 { return descending ? comparison > 0 : comparison < 0 }
        return NaturalOrder.precedes(a.name, b.name)
    }
}
