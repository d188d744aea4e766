/// A template problem with the place it happened, printed like a compiler diagnostic.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template's path as given to `Template(source:path:)`.
    public var path: String
    /// 1-based line of the offending tag's opening delimiter; 0 when no place applies.
    public var line: Int
    /// 1-based column, counted in Unicode scalars; 0 when no place applies.
    public var column: Int
    /// What went wrong: lowercase, names in single quotes.
    public var reason: String

    /// An error at `path:line:column`; pass 0 for line and column when no place applies.
    public init(path: String, line: Int, column: Int, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `path:line:column: error: reason`, or `path: error: reason` without a place.
    public var description: String {
        if line > 0 {
            return "\(path):\(line):\(column): error: \(reason)"
        }
        return "\(path): error: \(reason)"
    }
}
