import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// A grid's tiles decoded on several threads (`HEIFImageDecoder.tileWorkers`): the same picture as
/// in turn, the same error when a tile fails, and the memory the rendition plan reserves grows by
/// one coded picture per thread.
@Suite(.enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"))
struct HEIFTileWorkersTests {
    static let arrow = SharedMaterial.folder("heic").appendingPathComponent("iphone8plus_arrow_irot270.heic")

    /// The real decoder, failing on one item.
    struct FailingCodec: HEIFCodedImageDecoding {
        var failing: UInt32
        var file: HEIFFile

        func decode(_ codec: HEIFCodec, data: ArraySlice<UInt8>, size: (width: Int, height: Int)) throws(ImageError)
            -> HEIFCodedPicture
        {
            if let item = file.items.first(where: { (try? file.data(of: $0.id)) == data }), item.id == failing {
                throw ImageError(.malformed, "tile \(failing) is damaged")
            }
            return try HEVCStillImageCodec().decode(codec, data: data, size: size)
        }
    }

    @Test func tilesOnThreadsGiveThePictureTheyGiveInTurn() throws {
        let bytes = Array(try Data(contentsOf: Self.arrow))
        let inTurn = try HEIFImageDecoder(codec: HEVCStillImageCodec()).decode(bytes)
        let atOnce = try HEIFImageDecoder(codec: HEVCStillImageCodec(), tileWorkers: 3).decode(bytes)
        #expect(atOnce.image == inTurn.image)
        #expect(atOnce.iccProfile == inTurn.iccProfile)
    }

    @Test(arguments: [1, 4])
    func aDamagedTileFailsTheDecodeAlike(workers: Int) throws {
        let bytes = Array(try Data(contentsOf: Self.arrow))
        let file = try HEIFFile(bytes)
        guard case .grid(_, let tiles, _, _, _) = try file.primaryImage().coding else {
            Issue.record("the arrow is a grid")
            return
        }
        let codec = FailingCodec(failing: tiles[20], file: file)
        #expect(throws: ImageError(.malformed, "tile \(tiles[20]) is damaged")) {
            try HEIFImageDecoder(codec: codec, tileWorkers: workers).decode(bytes)
        }
    }

    @Test func thePlanReservesAPicturePerThread() throws {
        let bytes = Array(try Data(contentsOf: Self.arrow))
        let one = try RenditionPlan(bytes, widths: [640])
        let four = try RenditionPlan(bytes, widths: [640], tileWorkers: 4)
        #expect(four.memoryNeeded - one.memoryNeeded == 3 * one.layout.tileMemory)
        #expect(one.layout.tileMemory > 512 * 512 * 6)
        guard case .heif(_, let workers) = four.layout.decoding else {
            Issue.record("\(four.layout.decoding)")
            return
        }
        #expect(workers == 4)
        // A single coded picture has no tiles to share out.
        let single = Array(
            try Data(contentsOf: SharedMaterial.folder("heic").appendingPathComponent("self_320x240_q90_10bit.heic")))
        #expect(
            try RenditionPlan(single, widths: [320], tileWorkers: 4).memoryNeeded
                == (try RenditionPlan(single, widths: [320])).memoryNeeded)
    }
}
