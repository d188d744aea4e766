import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// `RenditionCache.prune` deletes files: what a build used stays, what no build used within the
/// grace period goes, set by set, and what is young stays whatever it belongs to.
@Suite struct RenditionCachePruneTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-prune-\(UUID().uuidString)")

    func write(_ relative: String, hoursOld: Double) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: url)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -hoursOld * 3600)], ofItemAtPath: url.path)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path)
    }

    @Test func keepsWhatIsUsedOrYoungAndRemovesWholeOldSets() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let used = "aa" + String(repeating: "1", count: 30)
        let old = "aa" + String(repeating: "2", count: 30)
        let young = "bb" + String(repeating: "3", count: 30)
        let touched = "bb" + String(repeating: "4", count: 30)
        for key in [used, old, young] {
            let hours = key == young ? 0.1 : 5
            try write("renditions/\(key.prefix(2))/\(key).set", hoursOld: hours)
            try write("renditions/\(key.prefix(2))/\(key)-317.jpg", hoursOld: hours)
            try write("renditions/\(key.prefix(2))/\(key)-634.jpg", hoursOld: hours)
        }
        // A set another build just used (its list touched), with old files.
        try write("renditions/bb/\(touched).set", hoursOld: 0.1)
        try write("renditions/bb/\(touched)-317.jpg", hoursOld: 5)
        try write("originals/aa/\(old).jpg", hoursOld: 5)
        try write("originals/aa/\(used).png", hoursOld: 5)

        let cache = RenditionCache(root: root.path)
        #expect(cache.open(creating: false) == nil)
        let keep: Set<String> = [
            cache.setFile(key: used), cache.renditionFile(key: used, width: 317, format: .jpeg),
            cache.renditionFile(key: used, width: 634, format: .jpeg),
            cache.originalFile(key: used, format: .png),
        ]
        let removed = cache.prune(keeping: keep)

        #expect(removed == 4)
        for file in ["\(used).set", "\(used)-317.jpg", "\(used)-634.jpg"] { #expect(exists("renditions/aa/\(file)")) }
        for file in ["\(old).set", "\(old)-317.jpg", "\(old)-634.jpg"] { #expect(!exists("renditions/aa/\(file)")) }
        for file in ["\(young).set", "\(young)-317.jpg", "\(touched).set", "\(touched)-317.jpg"] {
            #expect(exists("renditions/bb/\(file)"), "\(file)")
        }
        #expect(!exists("originals/aa/\(old).jpg"))
        #expect(exists("originals/aa/\(used).png"))
    }

    @Test func anEmptiedFolderGoesAndAnOtherFolderIsNotTouched() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let old = "dd" + String(repeating: "5", count: 30)
        try write("renditions/dd/\(old).set", hoursOld: 5)
        try write("renditions/dd/\(old)-317.jpg", hoursOld: 5)
        try write("renditions/longer-name/kept.jpg", hoursOld: 5)
        try write("sources.tsv", hoursOld: 5)
        let cache = RenditionCache(root: root.path)
        #expect(cache.open(creating: false) == nil)
        let removed = cache.prune(keeping: [])
        #expect(removed == 2)
        #expect(!exists("renditions/dd"))
        #expect(exists("renditions/longer-name/kept.jpg"))
        #expect(exists("sources.tsv"))
    }

    /// Only names Ashlar writes go, and a link in the cache is never followed.
    @Test func namesAshlarDoesNotWriteAndLinkedFoldersStay() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = "ee" + String(repeating: "6", count: 30)
        let strangers = [
            "renditions/ee/notes.txt", "renditions/ee/\(key)-317.exe", "renditions/ee/\(key)-wide.jpg",
            "renditions/ee/\(key.uppercased()).set", "originals/ee/\(key).gif", "originals/ee/\(key)",
        ]
        for file in strangers { try write(file, hoursOld: 5) }
        try write("renditions/ee/\(key)-317.jpg.tmp-12-34", hoursOld: 5)
        let elsewhere = root.appendingPathComponent("elsewhere")
        try write("elsewhere/\(key)-317.jpg", hoursOld: 5)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("renditions/ff"), withDestinationURL: elsewhere)
        let cache = RenditionCache(root: root.path)
        #expect(cache.open(creating: false) == nil)
        #expect(cache.prune(keeping: []) == 1)
        for file in strangers { #expect(exists(file), "\(file)") }
        #expect(!exists("renditions/ee/\(key)-317.jpg.tmp-12-34"))
        #expect(exists("elsewhere/\(key)-317.jpg"))
    }

    @Test(arguments: [
        ("ab" + String(repeating: "0", count: 30) + ".set", "renditions", true),
        ("ab" + String(repeating: "0", count: 30) + "-317.jpg", "renditions", true),
        ("ab" + String(repeating: "0", count: 30) + "-317.png.tmp-1-2", "renditions", true),
        ("ab" + String(repeating: "0", count: 30) + ".jpg", "originals", true),
        ("ab" + String(repeating: "0", count: 30) + ".jpg", "renditions", false),
        ("ab" + String(repeating: "0", count: 30) + "-317.jpg", "originals", false),
        ("ac" + String(repeating: "0", count: 30) + ".set", "renditions", false),
        ("ab" + String(repeating: "0", count: 30) + "-.jpg", "renditions", false),
        ("ab" + String(repeating: "0", count: 30) + "-317.jpeg", "renditions", false),
        ("ab" + String(repeating: "g", count: 30) + ".set", "renditions", false),
        ("ab.set", "renditions", false),
    ])
    func onlyAshlarsNamesAreItsOwn(name: String, kind: String, own: Bool) {
        #expect((RenditionCache.key(ofName: name, kind: kind, shard: "ab") != nil) == own)
    }
}
