import Foundation

/// Keeps two builds from writing the same output folder at once (`serve` running while you
/// `build`, or parallel CI jobs): an exclusive `flock` on a file in the temporary folder
/// (`TMPDIR`, else `/tmp`) named after the output folder, so neither the source nor the output
/// gains a file. A second build waits for the first, having said so. The lock goes with the
/// process, however it ends.
final class BuildLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock for `output`, waiting for whoever holds it; nil when no lock file can be
    /// made: the build then goes on without one.
    init?(output: String, waiting: (String) -> Void) {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let name = "ashlar-\(getuid())-" + ContentHash.of(Array((FileSystem.realPath(output) ?? output).utf8))
        let descriptor = open(folder + "/" + name + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                close(descriptor)
                return nil
            }
            waiting("another Ashlar build is writing \(output); waiting for it to finish")
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    return nil
                }
            }
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
