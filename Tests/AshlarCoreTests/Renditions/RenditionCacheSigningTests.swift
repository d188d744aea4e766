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

    func cache(key signingKey: String?) -> RenditionCache {
        let cache = RenditionCache(root: root.path, signingKey: signingKey.map { Array($0.utf8) })
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
            #expect(state == .complete(RenditionCache.SetList(entries: files.map(\.entry), placeholder: nil)))
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
}
