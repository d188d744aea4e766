/// An `errno` from a failed system call.
struct SystemFailure: Error, Sendable {
    var code: Int32
    var message: String { SystemError.message(code) }
}
