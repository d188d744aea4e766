/// A command line that cannot be run as typed: exit 64 with this message.
struct UsageError: Error, Sendable, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
