import Foundation
import Synchronization
import Testing

@testable import AshlarCore

/// The build lock is keyed on the output folder's real path and kept where only the user can
/// write.
@Suite struct BuildLockTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-lock-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/x", withIntermediateDirectories: true)
    }

    var environment: [String: String] { ["HOME": root + "/home"] }

    @Test func aFolderNotMadeYetHasOneNameHoweverItIsSpelled() {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let names = ["\(root)/out", "\(root)/./out/", "\(root)/x/../out", "\(root)//out"].map(BuildLock.name(for:))
        #expect(Set(names).count == 1, "\(names)")
        #expect(BuildLock.name(for: "\(root)/other") != names[0])
    }

    @Test func locksLiveInAFolderOnlyTheUserCanWrite() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = try #require(BuildLock.folder(environment: environment))
        #expect(folder == root + "/home/.cache/ashlar/locks")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
    }

    @Test func aLinkedOrSharedFolderIsNotUsed() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The runtime folder's `ashlar` is a link, planted: the next candidate is used.
        try FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/run/ashlar", withDestinationPath: root + "/x")
        var environment = environment
        environment["XDG_RUNTIME_DIR"] = root + "/run"
        #expect(BuildLock.folder(environment: environment) == root + "/home/.cache/ashlar/locks")
        // A folder anyone can write is not used either.
        try FileManager.default.createDirectory(
            atPath: root + "/shared/ashlar/locks", withIntermediateDirectories: true)
        chmod(root + "/shared/ashlar/locks", 0o777)
        #expect(BuildLock.folder(environment: ["XDG_CACHE_HOME": root + "/shared"]) == nil)
    }

    @Test func twoSpellingsOfOneFolderWaitForEachOther() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = environment
        var first = BuildLock(output: root + "/out", environment: environment) { _ in }
        #expect(first != nil)
        let waited = Mutex(false)
        let root = root
        let second = Task.detached {
            BuildLock(output: root + "/x/../out/", environment: environment) { _ in waited.withLock { $0 = true } }
                != nil
        }
        // Until the second build says it waits (on a loaded machine its task may start late).
        for _ in 0..<200 where !waited.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(waited.withLock { $0 })
        first = nil
        #expect(await second.value)
        _ = first
    }
}
