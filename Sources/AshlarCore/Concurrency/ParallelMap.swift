import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `map` spread over at most `workers` threads (nil: one per core), keeping the order of the
    /// input. Work is handed out in chunks, so cheap transforms of many elements do not drown in
    /// scheduling; each chunk's results are handed back under a lock once, not element by element.
    package func parallelMap<T: Sendable>(workers: Int? = nil, _ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threads = Swift.max(1, Swift.min(workers ?? cores, count))
        guard count > 1, threads > 1 else { return map(transform) }
        let chunkSize = Swift.max(1, count / (threads * 8))
        let chunks = (count + chunkSize - 1) / chunkSize
        let results = Mutex<[[T]]>([[T]](repeating: [], count: chunks))
        // `threads` workers take chunks in turn until none are left, so no more than `threads`
        // transforms ever run at once (`--jobs`).
        let nextChunk = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while true {
                let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunks else { return }
                let start = chunk * chunkSize
                let end = Swift.min(start + chunkSize, count)
                var part: [T] = []
                part.reserveCapacity(end - start)
                for index in start..<end { part.append(transform(self[index])) }
                results.withLock { $0[chunk] = part }
            }
        }
        return results.withLock { parts in
            var all: [T] = []
            all.reserveCapacity(count)
            for part in parts { all.append(contentsOf: part) }
            return all
        }
    }
}
