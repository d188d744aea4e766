import AshlarImage

/// One finding about the user's content, printed like a compiler's:
/// `photos/rome/IMG_2041.json:7:13: error: 'width' must be a positive number`.
public struct Diagnostic: Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// The file the finding is about, as the user would type it (relative to the current folder
    /// where possible).
    public var path: String
    /// 1-based position, when the finding is about a place inside the file.
    public var line: Int?
    public var column: Int?
    /// The key path the finding is about (`layout.gap`, `tags[2]`), when there is one.
    public var key: String?
    public var message: String

    public init(
        _ severity: Severity, path: String, line: Int? = nil, column: Int? = nil, key: String? = nil,
        message: String
    ) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    public static func error(
        _ message: String, path: String, at location: SourceLocation? = nil, key: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, path: path, line: location?.line, column: location?.column, key: key, message: message)
    }

    public static func warning(
        _ message: String, path: String, at location: SourceLocation? = nil, key: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, path: path, line: location?.line, column: location?.column, key: key, message: message)
    }

    public var description: String {
        var text = path
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return (text + ": \(severity.rawValue): \(message)").oneLine
    }
}

/// A 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }

    /// The location of a UTF-8 byte offset in `bytes`, counted as ``XMLPosition`` counts it (the
    /// one count of lines and columns): a byte order mark at the start is not a column, and columns
    /// are Unicode scalars.
    public init(offset: Int, in bytes: some Collection<UInt8>) {
        let position = XMLPosition(offset: offset, in: bytes)
        self.init(line: position.line, column: position.column)
    }
}
