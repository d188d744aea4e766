import AshlarTestSupport
import Testing

@testable import AshlarImage

@Suite struct ImageHeaderReaderVideoTests {
    /// The image header reader refuses videos as it refuses HEIC, and asks for more of an `ftyp`
    /// cut short before its brands say what it is.
    @Test func imageHeaderReaderRefusesVideos() throws {
        for name in VideoFixture.names {
            let bytes = try VideoFixture.bytes(name)
            #expect(
                ImageHeaderReader.read(bytes, fileSize: bytes.count)
                    == .failure("not a JPEG/PNG/GIF/WebP/AVIF/HEIC image"))
        }
        let brands = Array("mif1".utf8) + [0, 0, 0, 0] + ["mif1", "miaf", "avif"].flatMap { Array($0.utf8) }
        let avif = [0, 0, 0, UInt8(8 + brands.count)] + Array("ftyp".utf8) + brands
        #expect(ImageHeaderReader.read(Array(avif.prefix(20))) == .needsMoreBytes(avif.count))
    }
}
