/// A 128-bit digest of a file's bytes (two seeded `ContentHash` lanes), as 32 hex digits: what
/// the rendition cache is keyed by, so a photo copied, checked out again or touched keeps its
/// renditions. Not cryptographic: the cache is the user's own.
package enum SourceDigest {
    /// The digest of bytes, combined in 1 MiB chunks and then their count (the cache keys depend on
    /// exactly this).
    static func of(bytes: [UInt8]) -> String {
        var first = ContentHash(seed: 1)
        var second = ContentHash(seed: 2)
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let end = min(offset + (1 << 20), raw.count)
                let chunk = UnsafeRawBufferPointer(rebasing: raw[offset..<end])
                first.combine(chunk)
                second.combine(chunk)
                offset = end
            }
        }
        first.combine(Int64(bytes.count))
        second.combine(Int64(bytes.count))
        return first.hex + second.hex
    }

    /// A digest of text (a cache key made of a source digest and parameters).
    static func of(text: String) -> String {
        of(bytes: Array(text.utf8))
    }
}
