import Foundation
import Testing

@testable import AshlarImage

/// A CR3's boxes (`ImageHeaderReader.cr3Structure`): track 1's full-size JPEG and the `PRVW`
/// preview, largest first, and IFD0 from `CMT1`; every range checked against the file's size.
@Suite struct CR3StructureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "AshlarEndToEndTests/Fixtures/photographer-folder/site/raw/IMG_0004.CR3")

    @Test func findsBothJPEGsAndIFD0() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixture))
        let cr3 = ImageHeaderReader.cr3Structure(ByteWindow(bytes), fileSize: bytes.count)
        #expect(cr3.previews.count == 2)
        #expect(cr3.previews.first.map { $0.count > cr3.previews[1].count } == true, "largest first")
        for range in cr3.previews {
            #expect(Array(bytes[range].prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect(Array(bytes[range].suffix(2)) == [0xFF, 0xD9])
        }
        #expect(cr3.ifd0.flatMap { TIFFReader($0)?.orientation } == 8)
    }

    /// Cut short, or said to be shorter than the JPEGs reach: no range past the end.
    @Test(arguments: [40, 300, 1_000, 4_000])
    func aCutFileHasNoRangePastItsEnd(length: Int) throws {
        let bytes = Array([UInt8](try Data(contentsOf: Self.fixture)).prefix(length))
        for fileSize in [length, 20_000] {
            let cr3 = ImageHeaderReader.cr3Structure(ByteWindow(bytes), fileSize: fileSize)
            #expect(cr3.previews.allSatisfy { $0.upperBound <= fileSize })
        }
    }

    @Test func anotherISOBMFFFileIsNotACR3() {
        let avif = [0, 0, 0, 20] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avif".utf8)
        #expect(ImageHeaderReader.cr3Structure(ByteWindow(avif), fileSize: avif.count) == .init())
    }
}
