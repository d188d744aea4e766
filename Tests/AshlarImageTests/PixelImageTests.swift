import Testing

@testable import AshlarImage

@Suite struct PixelImageTests {
    @Test(arguments: PixelFormat.allCases)
    func blankImageHasOneSamplePerChannel(format: PixelFormat) {
        let image = PixelImage(width: 3, height: 2, format: format)
        #expect(image.pixels.count == 6 * format.channels)
        #expect(image.rowBytes == 3 * format.channels)
    }
}
