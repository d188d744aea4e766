/// Why the preview server could not start.
public struct ServeError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case portInUse
        case cannotListen
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
