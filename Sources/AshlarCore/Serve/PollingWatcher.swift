import Foundation
import Synchronization

/// Compares the names, sizes, times, inodes and modes of every watched file every `interval`
/// seconds (0.4 by default): the watcher where the system has no inotify (Darwin), runs out of
/// watches, or `ASHLAR_WATCH=poll` asks for it.
final class PollingWatcher: SourceWatcher {
    private let tree: WatchedTree
    /// What the last wait saw; a change is a difference from it, so nothing changed between two
    /// waits (during a rebuild) is missed.
    private let last: Mutex<[String: WatchedTree.Entry]>
    let interval: Double

    init(_ tree: WatchedTree, interval: Double = 0.4) {
        self.tree = tree
        self.interval = interval
        last = Mutex(tree.snapshot())
    }

    var summary: String { "polling every \(CSSNumber.format(interval)) s" }

    func waitForChange(timeout: Double?) -> Bool {
        let deadline = timeout.map { ContinuousClock.now + .seconds($0) }
        while true {
            var pause = interval
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return false }
                pause = min(pause, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
            }
            Thread.sleep(forTimeInterval: pause)
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
                return true
            }
        }
    }
}
