import Foundation
import Synchronization

/// Compares the names, sizes and times of every watched file every 0.4 s.
final class PollingWatcher: SourceWatcher {
    private let tree: WatchedTree
    private let last: Mutex<[String: [Int64]]>
    let interval: Double

    init(_ tree: WatchedTree, interval: Double = 0.4) {
        self.tree = tree
        self.interval = interval
        last = Mutex(tree.snapshot())
    }

    var summary: String { "polling every \(CSSNumber.format(interval)) s" }

    func waitForChange() {
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = tree.snapshot()
            let changed = last.withLock { previous in
                defer { previous = now }
                return previous != now
            }
            if changed {
                // Let a burst of saves finish.
                var settled = now
                for _ in 0..<5 {
                    Thread.sleep(forTimeInterval: 0.1)
                    let again = tree.snapshot()
                    if again == settled { break }
                    settled = again
                }
                last.withLock { $0 = settled }
                return
            }
        }
    }
}
