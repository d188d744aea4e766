import Foundation
import Synchronization

/// On a terminal, once a build has run for a second, one line on standard error saying what it
/// is doing, rewritten in place and cleared at the end. Never in a pipe or a CI log.
final class ProgressLine: Sendable {
    private let enabled: Bool
    private let started: Date
    private let shown = Mutex(false)

    init(enabled: Bool, started: Date) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
        self.started = started
    }

    var show: @Sendable (String) -> Void {
        { [self] stage in
            guard enabled, Date().timeIntervalSince(started) > 1 else { return }
            shown.withLock { $0 = true }
            FileHandle.standardError.write(Data("\r\u{1B}[2KBuilding: \(stage)…".utf8))
        }
    }

    func clear() {
        guard shown.withLock({ $0 }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
