/// Reads the facts Ashlar needs from an MP4, QuickTime or WebM file, a few boxes at a time: the
/// video track's display size, rotation, duration and codec, an embedded title and XMP packet,
/// and the patches that make a published copy keep only what its allowlist keeps (MP4 and
/// QuickTime: ``ISOAllowlist``).
package enum VideoReader {
    /// How the file is read: up to `count` bytes from `offset`, fewer only at its end.
    package typealias Read = (_ offset: Int, _ count: Int) throws(VideoReadError) -> [UInt8]

    /// Whether these first bytes (at least 16 given when the file has them) look like a video
    /// this reader handles: an ISO BMFF `ftyp` whose major brand is not an image's (AVIF, HEIF,
    /// CR3), an old QuickTime movie that starts with `moov`, `mdat` or `wide`, or EBML (WebM,
    /// Matroska).
    package static func format(ofPrefix prefix: [UInt8]) -> VideoFormat? {
        let file = ByteWindow(prefix)
        if file.u32(0) == 0x1A45_DFA3 { return .webM }
        if file.matches("ftyp", at: 4) {
            guard ImageFormat.detect(prefix) == nil, let brand = ImageFormat.isoBrands(prefix).first,
                !imageBrands.contains(brand)
            else { return nil }
            return brand == "qt  " ? .quickTime : .mp4
        }
        if ["moov", "mdat", "wide"].contains(where: { file.matches($0, at: 4) }) { return .quickTime }
        return nil
    }

    /// Major brands of ISO BMFF images: AVIF, HEIF and HEIC, Canon's CR3.
    static let imageBrands: Set<String> = [
        "avif", "avis", "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "crx ",
    ]

    /// Reads a video through `read(offset, count)`, which returns up to `count` bytes from
    /// `offset` (fewer only at the end of the file). Reads box and element headers and only the
    /// boxes it needs (`moov` whole, up to 64 MiB), never the media data.
    package static func read(
        fileSize: Int, _ read: (_ offset: Int, _ count: Int) throws(VideoReadError) -> [UInt8]
    ) throws(VideoReadError) -> VideoFacts {
        guard fileSize > 0 else { throw VideoReadError("the file is empty") }
        let prefix = try bytes(read, at: 0, count: min(fileSize, 16), fileSize: fileSize)
        switch format(ofPrefix: prefix) {
        case .webM: return try readMatroska(fileSize: fileSize, read)
        case .some(let format): return try readISO(format, fileSize: fileSize, read)
        case nil: throw VideoReadError("not an MP4, QuickTime or WebM video")
        }
    }

    /// Exactly `count` bytes at `offset`, which the caller has checked lie within the file.
    static func bytes(_ read: Read, at offset: Int, count: Int, fileSize: Int) throws(VideoReadError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= fileSize - count else {
            throw VideoReadError("the file ends before byte \(offset + count)", offset: offset)
        }
        let bytes = try read(offset, count)
        guard bytes.count == count else {
            throw VideoReadError(
                "the file ends before byte \(offset + count)", offset: offset + min(bytes.count, count))
        }
        return bytes
    }
}
