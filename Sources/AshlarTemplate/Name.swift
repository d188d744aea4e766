/// A name as written in a tag, split on dots once at parse time.
struct Name: Sendable, Equatable {
    /// The first dot-separated part; nil for the implicit iterator `.`.
    let first: String?
    /// The parts after the first, looked up inside the first part's value.
    let rest: [String]

    init(_ text: String) {
        if text == "." {
            first = nil
            rest = []
        } else {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            first = parts.first
            rest = Array(parts.dropFirst())
        }
    }
}
