import AshlarImage

/// A SHA-256 digest of a file's bytes (FIPS 180-4), as 64 lowercase hex digits: what the
/// rendition cache is keyed by, so a photo copied, checked out again or touched keeps its
/// renditions, and two different files never share them (the shard a photo falls in and the
/// refusals the cache remembers are keyed by it too). Collision resistant: a file made to share
/// another's digest would be published in its place. Where a collision could only make Ashlar
/// skip rewriting an unchanged file (the build manifest), the faster `ContentHash` serves.
package enum SourceDigest {
    /// Hex digits in a digest.
    static let length = 2 * SHA256.byteCount

    /// The digest of bytes.
    static func of(bytes: [UInt8]) -> String {
        SHA256.hex(bytes)
    }

    /// A digest of text (a cache key made of a source digest and parameters).
    static func of(text: String) -> String {
        var hasher = SHA256()
        hasher.update(text)
        return SHA256.hexDigits(hasher.finish())
    }

    /// Whether `text` is a digest as ``of(bytes:)`` writes it.
    static func isDigest(_ text: Substring) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy(RenditionCache.isLowerHex)
    }
}
