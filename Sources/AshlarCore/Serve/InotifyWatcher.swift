import AshlarPlatform
import Foundation
import Synchronization

/// Watches every folder of the source with the system's folder events (Linux's inotify, through
/// `Platform`).
final class InotifyWatcher: SourceWatcher {
    private let tree: WatchedTree
    private let descriptor: Int32
    /// Watch descriptors to the folders they watch.
    private let watches = Mutex<[Int32: String]>([:])

    /// Nil when the system has no inotify (Darwin) or runs out of watches.
    init?(_ tree: WatchedTree) {
        self.tree = tree
        guard let descriptor = Platform.openFolderEvents() else { return nil }
        self.descriptor = descriptor
        guard addWatches() else {
            Platform.close(descriptor)
            return nil
        }
    }

    deinit {
        Platform.close(descriptor)
    }

    var summary: String { "inotify, \(watches.withLock { $0.count }) folders" }

    /// Watches every folder of the tree not yet watched; false when the system refuses.
    private func addWatches() -> Bool {
        for folder in tree.folders() {
            let watch = Platform.watchFolder(folder, events: descriptor)
            if watch < 0 {
                if errno == ENOSPC || errno == ENOMEM { return false }
                continue
            }
            watches.withLock { $0[watch] = folder }
        }
        return true
    }

    func waitForChange(timeout: Double?) -> Bool {
        let deadline = timeout.map { ContinuousClock.now + .seconds($0) }
        while !readEvents(timeout: deadline.map(Self.milliseconds(until:)) ?? -1) {
            if let deadline, ContinuousClock.now >= deadline { return false }
        }
        // Let a burst of saves finish: quiet for 100 ms, or 1 s at most.
        let settled = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < settled, hasPending(timeout: 100) { _ = readEvents(timeout: 0) }
        // New folders get watches of their own.
        if !addWatches() {
            FileHandle.standardError.write(
                Data("ashlar: warning: out of inotify watches; new folders are not watched\n".utf8))
        }
        return true
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline).components
        return Int32(max(0, min(3_600_000, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)))
    }

    private func hasPending(timeout: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, timeout) > 0
    }

    /// Reads what has arrived within `timeout` milliseconds (-1: wait); true when any of it matters.
    private func readEvents(timeout: Int32) -> Bool {
        guard hasPending(timeout: timeout) else { return false }
        var relevant = false
        for event in Platform.readFolderEvents(descriptor) {
            switch event.kind {
            case .watchEnded:
                watches.withLock { _ = $0.removeValue(forKey: event.watch) }
            case .overflow:
                relevant = true
            case .entry(let name):
                guard let folder = watches.withLock({ $0[event.watch] }) else { continue }
                if tree.isRelevant(name: name, in: folder) { relevant = true }
            }
        }
        return relevant
    }
}
