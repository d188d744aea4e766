import Foundation
import Testing

@testable import AshlarImage

/// `PixelImage.oriented` against what Pillow's `ImageOps.exif_transpose` makes of a 4 × 3 image
/// whose pixels all differ (Fixtures/resize/orientation.json, from make-fixtures.py).
@Suite struct OrientationTests {
    struct Reference: Decodable {
        struct Case: Decodable, Sendable, CustomTestStringConvertible {
            var orientation, width, height: Int
            var pixels: [UInt8]
            var testDescription: String { "orientation \(orientation)" }
        }
        var width, height: Int
        var pixels: [UInt8]
        var cases: [Case]
    }

    static let reference: Reference = {
        let url = TestFiles.fixtures.appendingPathComponent("resize/orientation.json")
        guard let data = try? Data(contentsOf: url),
            let reference = try? JSONDecoder().decode(Reference.self, from: data)
        else { return Reference(width: 1, height: 1, pixels: [0, 0, 0], cases: []) }
        return reference
    }()

    static var source: PixelImage {
        PixelImage(width: reference.width, height: reference.height, format: .rgb, pixels: reference.pixels)
    }

    @Test func fixtureHasEightCases() {
        #expect(Self.reference.cases.map(\.orientation) == Array(1...8))
    }

    @Test(arguments: reference.cases)
    func matchesPillowExifTranspose(expected: Reference.Case) {
        let result = Self.source.oriented(expected.orientation)
        #expect(result.width == expected.width)
        #expect(result.height == expected.height)
        #expect(result.pixels == expected.pixels)
    }

    @Test(arguments: [0, 9, -1, 255, Int.max])
    func outOfRangeValueLeavesTheImageAsStored(orientation: Int) {
        #expect(Self.source.oriented(orientation) == Self.source)
    }

    /// Orientations and their inverses: 6 and 8 undo each other; the mirrors and 3, 5, 7 undo
    /// themselves. Checked on a larger image in every format, across tile boundaries.
    @Test(arguments: PixelFormat.allCases)
    func orientationsInvert(format: PixelFormat) {
        let image = ResamplerTests.pattern(131, 70, format)
        for (orientation, inverse) in [(2, 2), (3, 3), (4, 4), (5, 5), (6, 8), (7, 7), (8, 6)] {
            #expect(image.oriented(orientation).oriented(inverse) == image, "orientation \(orientation)")
        }
        #expect(image.oriented(6).oriented(6) == image.oriented(3))
    }
}
