/// A tag of exiftool's JSON output (without group prefix), and for a date the tag that holds its
/// UTC offset.
struct ExiftoolKey: Sendable, ExpressibleByStringLiteral {
    var tag: String
    var offset: String?

    init(_ tag: String, offset: String? = nil) {
        self.tag = tag
        self.offset = offset
    }

    init(stringLiteral tag: String) {
        self.init(tag)
    }
}
