import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `map` spread over at most `workers` threads (nil: one per core the process may use,
    /// `MachineResources.current.cores`), keeping the order of the
    /// input. Work is handed out in chunks, so cheap transforms of many elements do not drown in
    /// scheduling; each result is put straight into its place in the returned array (the chunks
    /// are disjoint), so no list per chunk is made in the workers' memory and copied again.
    package func parallelMap<T: Sendable>(workers: Int? = nil, _ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count
        let cores = MachineResources.current.cores
        let threads = Swift.max(1, Swift.min(workers ?? cores, count))
        guard count > 1, threads > 1 else { return map(transform) }
        let chunkSize = Swift.max(1, count / (threads * 32))
        let chunks = (count + chunkSize - 1) / chunkSize
        // `threads` workers take chunks in turn until none are left, so no more than `threads`
        // transforms ever run at once (`--jobs`).
        let nextChunk = Atomic<Int>(0)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Every index is written once, by the one worker that took its chunk, and read only
            // after all of them are done.
            nonisolated(unsafe) let results = buffer
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while true {
                    let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard chunk < chunks, let base = results.baseAddress else { return }
                    let start = chunk * chunkSize
                    let end = Swift.min(start + chunkSize, count)
                    for index in start..<end { (base + index).initialize(to: transform(self[index])) }
                }
            }
            initialized = count
        }
    }
}
