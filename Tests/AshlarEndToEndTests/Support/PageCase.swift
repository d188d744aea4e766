import Testing

/// A page of a built site and the texts it must contain: one row of a table-driven test.
struct PageCase: Sendable, CustomTestStringConvertible {
    var page: String
    var expected: [String]
    var testDescription: String { page }
}
