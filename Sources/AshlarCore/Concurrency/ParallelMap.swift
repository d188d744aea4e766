import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` spread over the machine's cores, keeping the order of the input. Work is handed out
    /// in chunks, so cheap transforms of many elements do not drown in scheduling.
    public func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count
        guard count > 1 else { return map(transform) }
        let chunkSize = Swift.max(1, count / (ProcessInfo.processInfo.activeProcessorCount * 8))
        let chunks = (count + chunkSize - 1) / chunkSize
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let output = UncheckedSendable(results)
        self.withUnsafeBufferPointer { input in
            let source = UncheckedSendable(input)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = chunk * chunkSize
                let end = Swift.min(start + chunkSize, count)
                for index in start..<end {
                    output.value[index] = transform(source.value[index])
                }
            }
        }
        return results.map { $0! }
    }
}

/// Wraps a buffer that concurrent iterations touch at disjoint indices only.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
