import AshlarPlatform
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import AshlarCore

/// Both watchers, behind one interface, on a real folder: every kind of change a photographer
/// makes is reported, and what is not theirs (hidden files, the output) is not.
@Suite struct SourceWatcherTests {
    enum Kind: String, CaseIterable, Sendable {
        case inotify, polling
    }

    /// A change to the source, and how to make it.
    enum Change: String, CaseIterable, Sendable {
        case fileAdded, fileEditedSameSize, fileRemoved, fileRenamed, fileReplacedByRename
        case folderAdded, nestedFileEdited, permissionsChanged, configOutsideSourceEdited

        func make(in site: Site) throws {
            let files = FileManager.default
            switch self {
            case .fileAdded: try Data("new".utf8).write(to: site.file("album/new.jpg"))
            case .fileEditedSameSize: try Data("{\"title\": \"B\"}".utf8).write(to: site.file("album/photo.json"))
            case .fileRemoved: try files.removeItem(at: site.file("album/photo.jpg"))
            case .fileRenamed: try files.moveItem(at: site.file("album/photo.jpg"), to: site.file("album/renamed.jpg"))
            case .fileReplacedByRename:
                // What editors do on save: write a temporary file, rename it over the old one.
                try Data("{\"title\": \"C\"}".utf8).write(to: site.file("album/.photo.json.tmp"))
                _ = rename(site.file("album/.photo.json.tmp").path, site.file("album/photo.json").path)
            case .folderAdded: try files.createDirectory(at: site.file("new album"), withIntermediateDirectories: false)
            case .nestedFileEdited: try Data("{\"title\": \"D\"}".utf8).write(to: site.file("album/inner/photo.json"))
            case .permissionsChanged: _ = chmod(site.file("album/photo.jpg").path, 0o600)
            case .configOutsideSourceEdited: try Data("{\"title\": \"E\"}".utf8).write(to: site.config)
            }
        }
    }

    /// Not the photographer's: no rebuild.
    enum Ignored: String, CaseIterable, Sendable {
        case hiddenFile, fileInOutput, folderInOutput

        func make(in site: Site) throws {
            switch self {
            case .hiddenFile: try Data("swap".utf8).write(to: site.file("album/.photo.json.swp"))
            case .fileInOutput: try Data("page".utf8).write(to: site.file("_site/index.html"))
            case .folderInOutput:
                try FileManager.default.createDirectory(
                    at: site.file("_site/album"), withIntermediateDirectories: false)
            }
        }
    }

    struct Site: Sendable {
        var base: URL
        var source: URL { base.appendingPathComponent("source") }
        var config: URL { base.appendingPathComponent("config/ashlar.json") }
        var tree: WatchedTree {
            WatchedTree(
                source: source.path, output: source.appendingPathComponent("_site").path,
                extraFolders: [config.deletingLastPathComponent().path])
        }

        func file(_ relative: String) -> URL { source.appendingPathComponent(relative) }

        /// A source with an album, a folder in it, a built output and a configuration file
        /// outside; every file dated 2001, so that an edit today changes its time whatever the
        /// clock's granularity.
        static func make() throws -> Site {
            let site = Site(base: FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID())"))
            let files = FileManager.default
            for folder in ["source/album/inner", "source/_site", "config"] {
                try files.createDirectory(
                    at: site.base.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            let contents = [
                "source/ashlar.json": "{}", "source/album/photo.jpg": "jpeg",
                "source/album/photo.json": "{\"title\": \"A\"}",
                "source/album/inner/photo.json": "{\"title\": \"A\"}", "source/_site/index.html": "old",
                "config/ashlar.json": "{\"title\": \"A\"}",
            ]
            let old = Date(timeIntervalSince1970: 1_000_000_000)
            for (path, text) in contents {
                try Data(text.utf8).write(to: site.base.appendingPathComponent(path))
                try files.setAttributes(
                    [.modificationDate: old], ofItemAtPath: site.base.appendingPathComponent(path).path)
            }
            return site
        }
    }

    private func watcher(_ kind: Kind, _ site: Site) throws -> any SourceWatcher {
        switch kind {
        case .inotify: try #require(InotifyWatcher(site.tree), "inotify is not available here")
        case .polling: PollingWatcher(site.tree, interval: 0.05)
        }
    }

    /// Whether inotify can be tested on this system (not on Darwin, which has none).
    private static var kinds: [Kind] {
        Platform.openFolderEvents().map { descriptor in
            Platform.close(descriptor)
            return Kind.allCases
        } ?? [.polling]
    }

    /// Made while no one waits (as during a rebuild): the next wait reports it.
    @Test(arguments: kinds, Change.allCases)
    func reportsAChangeMadeBeforeTheWait(kind: Kind, change: Change) throws {
        let site = try Site.make()
        defer { try? FileManager.default.removeItem(at: site.base) }
        let watcher = try watcher(kind, site)
        try change.make(in: site)
        #expect(watcher.waitForChange(timeout: 5), "\(kind) missed \(change)")
    }

    /// Made while the watcher waits: the wait returns.
    @Test(arguments: kinds, Change.allCases)
    func reportsAChangeMadeDuringTheWait(kind: Kind, change: Change) throws {
        let site = try Site.make()
        defer { try? FileManager.default.removeItem(at: site.base) }
        let watcher = try watcher(kind, site)
        let outcome = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let changed = watcher.waitForChange(timeout: 8)
            outcome.withLock { $0 = changed }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.2)
        try change.make(in: site)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(outcome.withLock { $0 } == true, "\(kind) missed \(change)")
    }

    /// A folder made after the watcher started is watched too: a file saved in it later is a
    /// change of its own.
    @Test(arguments: kinds)
    func watchesAFolderMadeAfterTheStart(kind: Kind) throws {
        let site = try Site.make()
        defer { try? FileManager.default.removeItem(at: site.base) }
        let watcher = try watcher(kind, site)
        try FileManager.default.createDirectory(at: site.file("new album"), withIntermediateDirectories: false)
        #expect(watcher.waitForChange(timeout: 5))
        try Data("jpeg".utf8).write(to: site.file("new album/photo.jpg"))
        #expect(watcher.waitForChange(timeout: 5), "\(kind) missed a file saved in a new folder")
    }

    /// Hidden files and the output folder are not the source: the wait times out. A change is
    /// reported once, not again by the next wait.
    @Test(arguments: kinds, Ignored.allCases)
    func ignoresWhatIsNotTheSource(kind: Kind, ignored: Ignored) throws {
        let site = try Site.make()
        defer { try? FileManager.default.removeItem(at: site.base) }
        let watcher = try watcher(kind, site)
        try Change.fileAdded.make(in: site)
        #expect(watcher.waitForChange(timeout: 5))
        try ignored.make(in: site)
        #expect(!watcher.waitForChange(timeout: 0.6), "\(kind) reported \(ignored)")
    }

    /// Polling unless inotify is there and not refused by `ASHLAR_WATCH=poll`.
    @Test func choosesPollingWhereAskedOrWithoutInotify() throws {
        let site = try Site.make()
        defer { try? FileManager.default.removeItem(at: site.base) }
        let asked = SourceWatchers.make(site.tree, environment: ["ASHLAR_WATCH": "poll"])
        #expect(asked is PollingWatcher)
        #expect(asked.summary == "polling every 0.4 s")
        let chosen = SourceWatchers.make(site.tree, environment: [:])
        #expect(chosen is InotifyWatcher == Self.kinds.contains(.inotify))
        if chosen is InotifyWatcher { #expect(chosen.summary == "inotify, 4 folders") }
    }
}
