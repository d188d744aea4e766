/// A name as written in a tag, split on dots once at parse time.
struct Name: Sendable, Equatable {
    /// The dot-separated parts; empty for the implicit iterator `.`.
    let parts: [String]

    init(_ text: String) {
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    var isImplicitIterator: Bool {
        parts.isEmpty
    }
}
