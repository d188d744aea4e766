/// Copies of a JPEG that differ byte for byte and decode to the same pixels: a comment segment
/// (COM) naming the copy goes right after the start-of-image marker. The rendition cache keys a
/// photo by the SHA-256 of its whole file (`RenditionKey`, `SourceDigest`), so each copy gets
/// its own key and its own renditions, as distinct photos would, where identical copies would
/// be made once and reused.
enum DistinctCopy {
    /// Copy `index` of `jpeg`; nil when the bytes do not start with a JPEG's start-of-image.
    static func jpeg(_ jpeg: [UInt8], copy index: Int) -> [UInt8]? {
        guard jpeg.count >= 2, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        let comment = Array("ashlar-bench copy \(index)".utf8)
        let length = comment.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment
            + Array(jpeg[2...])
    }
}
