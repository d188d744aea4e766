/// A benchmark whose work went wrong: its timings would mean nothing.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
