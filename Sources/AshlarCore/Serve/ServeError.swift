/// Why the preview server could not start.
package struct ServeError: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        case portInUse
        case cannotListen
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
}
