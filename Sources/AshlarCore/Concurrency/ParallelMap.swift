import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `map` spread over the machine's cores, keeping the order of the input. Work is handed out
    /// in chunks, so cheap transforms of many elements do not drown in scheduling; each chunk's
    /// results are handed back under a lock once, not element by element.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count
        guard count > 1 else { return map(transform) }
        let chunkSize = Swift.max(1, count / (ProcessInfo.processInfo.activeProcessorCount * 8))
        let chunks = (count + chunkSize - 1) / chunkSize
        let results = Mutex<[[T]]>([[T]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * chunkSize
            let end = Swift.min(start + chunkSize, count)
            var part: [T] = []
            part.reserveCapacity(end - start)
            for index in start..<end { part.append(transform(self[index])) }
            results.withLock { $0[chunk] = part }
        }
        return results.withLock { parts in
            var all: [T] = []
            all.reserveCapacity(count)
            for part in parts { all.append(contentsOf: part) }
            return all
        }
    }
}
