/// One part of a site's rendition work out of `count` (`ashlar build --shard K/N`): the photos
/// whose source digest (the one the cache keys by) falls in it. The split depends only on each
/// photo's bytes, so it is the same on every machine and in any order, every photo is in exactly
/// one shard, and adding photos moves none of the others.
public struct RenditionShard: Sendable, Equatable, CustomStringConvertible {
    /// From 1 to `count`.
    public let index: Int
    public let count: Int

    /// The shard, or nil unless 1 ≤ `index` ≤ `count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N` as typed, or nil when it is not two whole numbers with 1 ≤ K ≤ N ≤ 1,000.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            parts.allSatisfy({ $0.utf8.count <= 4 }), let index = Int(parts[0]), let count = Int(parts[1]),
            count <= 1_000
        else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the photo whose source digest (``SourceDigest``) is `digest` is in this shard: the
    /// digest's first 64 bits, modulo `count`. A malformed digest is in shard 1.
    func contains(digest: String) -> Bool {
        Self.number(ofDigest: digest, count: count) == index
    }

    /// The shard (1 to `count`) of a source digest.
    static func number(ofDigest digest: String, count: Int) -> Int {
        guard let value = UInt64(digest.prefix(16), radix: 16) else { return 1 }
        return Int(value % UInt64(count)) + 1
    }
}
