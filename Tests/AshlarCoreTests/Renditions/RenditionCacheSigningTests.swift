import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// Sets signed with a key (`ASHLAR_CACHE_KEY`): a cache with the key uses only sets whose list
/// carries its signature; one without a key reads signed and unsigned sets alike.
@Suite struct RenditionCacheSigningTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-signing-\(UUID().uuidString)")
    let key = "ab" + String(repeating: "c", count: 62)
    let widths = [317]
    let files: [(entry: RenditionCache.Entry, bytes: [UInt8])] = [
        (
            RenditionCache.Entry(
                width: 317, height: 211, format: .jpeg, size: 3, digest: SourceDigest.of(bytes: [1, 2, 3])), [1, 2, 3]
        )
    ]

    func cache(key signingKey: String?, local localKey: String? = nil) -> RenditionCache {
        let cache = RenditionCache(
            root: root.path, signingKey: signingKey.map { Array($0.utf8) }, localKey: localKey.map { Array($0.utf8) })
        _ = cache.open(creating: true)
        return cache
    }

    var listURL: URL { root.appendingPathComponent(cache(key: nil).setFile(key: key)) }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var writtenWith: String?
        var readWith: String?
        var usable: Bool
    }

    @Test(arguments: [
        Case(testDescription: "unsigned, read without a key", writtenWith: nil, readWith: nil, usable: true),
        Case(testDescription: "signed, read without a key", writtenWith: "secret", readWith: nil, usable: true),
        Case(testDescription: "signed, read with its key", writtenWith: "secret", readWith: "secret", usable: true),
        Case(testDescription: "unsigned, read with a key", writtenWith: nil, readWith: "secret", usable: false),
        Case(testDescription: "signed, read with another key", writtenWith: "other", readWith: "secret", usable: false),
    ])
    func aSetIsUsedOnlyWithTheSignatureItsReaderExpects(_ test: Case) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(cache(key: test.writtenWith).store(key: key, files) == nil)
        let state = cache(key: test.readWith).set(key: key, widths: widths)
        if test.usable {
            let list = RenditionCache.SetList(entries: files.map(\.entry), placeholder: nil)
            #expect(state == .complete(list, signed: test.readWith != nil))
        } else {
            guard case .mismatched(let reason) = state else {
                Issue.record("\(state)")
                return
            }
            #expect(reason.contains("ASHLAR_CACHE_KEY"))
        }
    }

    /// A signed list whose digest, or whose set name, is changed no longer verifies.
    @Test func aChangedListOrNameIsNotSigned() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let signed = cache(key: "secret")
        #expect(signed.store(key: key, files) == nil)
        let text = try String(contentsOf: listURL, encoding: .utf8)
        #expect(text.split(separator: "\n").last?.hasPrefix("signature ") == true)
        let other = SourceDigest.of(bytes: [9])
        try text.replacingOccurrences(of: files[0].entry.digest, with: other)
            .write(to: listURL, atomically: false, encoding: .utf8)
        guard case .mismatched = signed.set(key: key, widths: widths) else {
            Issue.record("a changed list was used")
            return
        }
        // The same signed list under another set's name.
        let otherKey = "ab" + String(repeating: "d", count: 62)
        try text.write(
            to: root.appendingPathComponent(signed.setFile(key: otherKey)), atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent(signed.renditionFile(key: key, width: 317, format: .jpeg)),
            to: root.appendingPathComponent(signed.renditionFile(key: otherKey, width: 317, format: .jpeg)))
        guard case .mismatched = signed.set(key: otherKey, widths: widths) else {
            Issue.record("a list signed for another set was used")
            return
        }
    }

    /// Without `ASHLAR_CACHE_KEY`, a build signs with this machine's own key: a set signed so is
    /// reused without reading its photo; any other is checked (`validate` told it is unsigned)
    /// and, once it passes, signed, so the next build spares the check.
    @Test func thisMachinesKeySparesTheCheckOfSetsItSigned() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(cache(key: nil).store(key: key, files) == nil)
        let here = cache(key: nil, local: "this machine")
        #expect(here.set(key: key, widths: widths) == .complete(.init(entries: files.map(\.entry)), signed: false))
        var told: [Bool] = []
        for _ in 0..<2 {
            let lookup = here.getOrCreate(
                key: key, widths: widths,
                validate: { _, signed in
                    told.append(signed)
                    return nil
                }, create: { nil })
            guard case .found = lookup else {
                Issue.record("\(lookup)")
                return
            }
        }
        #expect(told == [false, true], "checked once, then trusted by its signature")
        #expect(cache(key: nil, local: "another machine").set(key: key, widths: widths).isSigned == false)
        // A set this machine signed, read with ASHLAR_CACHE_KEY, is not one the key signed.
        guard case .mismatched = cache(key: "secret", local: "this machine").set(key: key, widths: widths) else {
            Issue.record("a set signed by this machine's key passed for one signed with ASHLAR_CACHE_KEY")
            return
        }
    }

    /// `sources.tsv` maps a file to its digest, and so to a set this machine's signature vouches
    /// for: with a key it is used only when signed, so a forged line cannot name another photo's.
    @Test func sourceDigestsAreUsedOnlyWhenSigned() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let here = cache(key: nil, local: "this machine")
        let stamp = FileStamp(size: 10, modified: 20)
        let digest = SourceDigest.of(bytes: [1])
        #expect(here.saveSourceDigests(["a.jpg": (stamp, digest)]) == nil)
        #expect(here.sourceDigests()["a.jpg"]?.digest == digest)
        #expect(cache(key: nil).sourceDigests()["a.jpg"]?.digest == digest, "read as it is without a key")
        let file = root.appendingPathComponent("sources.tsv")
        let forged = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: digest, with: SourceDigest.of(bytes: [2]))
        try forged.write(to: file, atomically: false, encoding: .utf8)
        #expect(here.sourceDigests().isEmpty)
        #expect(cache(key: nil, local: "another machine").sourceDigests().isEmpty)
    }
}

extension RenditionCache.SetState {
    fileprivate var isSigned: Bool {
        if case .complete(_, let signed) = self { return signed }
        return false
    }
}
