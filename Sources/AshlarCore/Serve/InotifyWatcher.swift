import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Watches every folder of the source with Linux's inotify.
final class InotifyWatcher: SourceWatcher {
    private let tree: WatchedTree
    private let descriptor: Int32
    /// Watch descriptors to the folders they watch.
    private let watches = Mutex<[Int32: String]>([:])

    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF
            | IN_MOVE_SELF)

    /// Nil when inotify is unavailable or runs out of watches.
    init?(_ tree: WatchedTree) {
        self.tree = tree
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard addWatches() else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        close(descriptor)
    }

    var summary: String { "inotify, \(watches.withLock { $0.count }) folders" }

    /// Watches every folder of the tree not yet watched; false when the system refuses.
    private func addWatches() -> Bool {
        for folder in tree.folders() {
            let watch = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR))
            if watch < 0 {
                if errno == ENOSPC || errno == ENOMEM { return false }
                continue
            }
            watches.withLock { $0[watch] = folder }
        }
        return true
    }

    func waitForChange() {
        while !readEvents(timeout: -1) {}
        // Let a burst of saves finish: quiet for 100 ms, or 1 s at most.
        let deadline = Date(timeIntervalSinceNow: 1)
        while Date() < deadline, hasPending(timeout: 100) { _ = readEvents(timeout: 0) }
        // New folders get watches of their own.
        if !addWatches() {
            FileHandle.standardError.write(
                Data("ashlar: warning: out of inotify watches; new folders are not watched\n".utf8))
        }
    }

    private func hasPending(timeout: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, timeout) > 0
    }

    /// Reads what has arrived within `timeout` milliseconds (-1: wait); true when any of it matters.
    private func readEvents(timeout: Int32) -> Bool {
        guard hasPending(timeout: timeout) else { return false }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        var relevant = false
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (watch, eventMask, nameLength) = buffer.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + nameLength)].prefix {
                $0 != 0
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += headerSize + nameLength
            if eventMask & UInt32(IN_IGNORED) != 0 {
                watches.withLock { _ = $0.removeValue(forKey: watch) }
                continue
            }
            if eventMask & UInt32(IN_Q_OVERFLOW) != 0 {
                relevant = true
                continue
            }
            guard let folder = watches.withLock({ $0[watch] }) else { continue }
            if tree.isRelevant(name: name, in: folder) { relevant = true }
        }
        return relevant
    }
}
