import Testing

@testable import AshlarCore

/// `--shard K/N`: the split of photos by their source digest, and the option's value.
@Suite struct RenditionShardTests {
    /// The digests of 2,000 different files.
    static let digests = (0..<2_000).map { SourceDigest.of(bytes: Array("photo \($0)".utf8)) }

    @Test(arguments: [1, 2, 3, 4, 7, 16])
    func everyPhotoIsInExactlyOneShardAndTheShardsAreEven(count: Int) throws {
        let shards = (1...count).compactMap { RenditionShard(index: $0, count: count) }
        #expect(shards.count == count)
        var sizes = Array(repeating: 0, count: count)
        for digest in Self.digests {
            let owners = shards.filter { $0.contains(digest: digest) }
            #expect(owners.count == 1, "\(digest) is in \(owners.count) shards")
            if let owner = owners.first { sizes[owner.index - 1] += 1 }
        }
        #expect(sizes.reduce(0, +) == Self.digests.count)
        // 2,000 photos over 16 shards: 125 each on average, none more than a third off.
        let mean = Double(Self.digests.count) / Double(count)
        for size in sizes { #expect(abs(Double(size) - mean) <= mean / 3, "\(sizes)") }
    }

    @Test func aPhotosShardDependsOnlyOnItsBytes() {
        let digest = SourceDigest.of(bytes: Array("a photo".utf8))
        let again = SourceDigest.of(bytes: Array("a photo".utf8))
        for count in 1...16 {
            #expect(
                RenditionShard.number(ofDigest: digest, count: count)
                    == RenditionShard.number(ofDigest: again, count: count))
        }
        // A digest the cache's `sources.tsv` spoiled still lands in one shard.
        #expect(RenditionShard.number(ofDigest: "not hex", count: 4) == 1)
    }

    @Test(arguments: [
        ("1/1", 1, 1), ("1/4", 1, 4), ("4/4", 4, 4), ("16/16", 16, 16), ("3/1000", 3, 1000), ("01/4", 1, 4),
    ])
    func parsesKOfN(text: String, index: Int, count: Int) {
        #expect(RenditionShard(parsing: text) == RenditionShard(index: index, count: count))
        #expect(RenditionShard(parsing: text)?.description == "\(index)/\(count)")
    }

    @Test(arguments: [
        "", "1", "/4", "1/", "0/4", "5/4", "1/0", "0/0", "-1/4", "+1/4", " 1/4", "1/4 ", "a/4", "1/4/4",
        "1/1001", "1.0/4", "99999999999999999999/4",
    ])
    func refusesAnythingElse(text: String) {
        #expect(RenditionShard(parsing: text) == nil)
    }
}
