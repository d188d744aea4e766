import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

/// The cache's content keys are SHA-256 digests: two different files never share renditions, a
/// shard or a refusal.
@Suite struct SourceDigestTests {
    /// The real photos' digests are what coreutils' `sha256sum` says of the files.
    @Test(.enabled(if: SharedMaterial.isAvailable("photos-mixed")))
    func isTheSHA256OfTheFile() throws {
        let folder = SharedMaterial.folder("photos-mixed")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            !$0.hasPrefix(".")
        }.sorted()
        try #require(!names.isEmpty)
        let reference = try ReferenceDigest.sha256sum(names, in: folder)
        try #require(reference.count == names.count)
        for (name, expected) in zip(names, reference) {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(SourceDigest.of(bytes: bytes) == expected, "\(name)")
        }
    }

    @Test func keysAndDigestsAreSixtyFourLowercaseHexDigits() {
        let digest = SourceDigest.of(bytes: [1, 2, 3])
        #expect(SourceDigest.isDigest(digest[...]))
        #expect(!SourceDigest.isDigest(digest.uppercased()[...]))
        #expect(!SourceDigest.isDigest(digest.dropLast()))
        #expect(!SourceDigest.isDigest(String(digest.prefix(32))[...]), "the 128-bit digests of earlier versions")
        #expect(RenditionCache.key(ofName: digest + ".set", kind: "renditions", shard: String(digest.prefix(2))) != nil)
    }
}
