import AshlarImage
import Testing

@testable import AshlarCore

/// `CachedFile.mismatch`, the check made as a cache file is published: a rendition must be, byte
/// for byte, what its set records and made only of what Ashlar's encoders write.
@Suite struct CachedFileTests {
    static let rendition: [UInt8] = {
        var image = PixelImage(width: 48, height: 32, format: .rgb)
        for index in image.pixels.indices { image.pixels[index] = UInt8(index % 251) }
        return JPEGEncoder.encode(image, quality: 80, settings: .perceptual)
    }()

    static func file(_ bytes: [UInt8]) -> CachedFile {
        CachedFile(
            outputPath: "a@48w.jpg", cachePath: "renditions/ab/abc-48.jpg",
            content: .rendition(key: String(repeating: "ab", count: 32), width: 48),
            expected: .rendition(size: bytes.count, digest: SourceDigest.of(bytes: bytes), width: 48, height: 32))
    }

    @Test func aRenditionAsWrittenIsPublished() {
        #expect(Self.file(Self.rendition).mismatch(Self.rendition) == nil)
    }

    /// A comment after the JFIF APP0, its set's length and digest made to match: refused.
    @Test func aRenditionWithACommentIsNotPublished() {
        var bytes = Self.rendition
        bytes.insert(contentsOf: [0xFF, 0xFE, 0x00, 0x07] + Array("owner".utf8), at: 20)
        #expect(Self.file(bytes).mismatch(bytes) == "it holds a segment Ashlar does not write there (FFFE at byte 20)")
    }
}
