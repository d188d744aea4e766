/// Why a build could not start or finish as a whole (as opposed to a diagnostic about one file).
public struct BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The command line names something unusable: a missing source, a dangerous output folder.
        case usage
        /// The disk refused: unreadable, unwritable, full.
        case io
    }

    public var kind: Kind
    public var path: String
    public var message: String

    public init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): error: \(message)".oneLine }
}
