import Testing

@testable import AshlarImage

/// A photo's colours for pages to show while it loads: the mean of each third, top to bottom, in
/// linear light; one colour when the thirds look alike; none for an image with alpha.
@Suite struct ColourPlaceholderTests {
    /// An image `width` wide whose rows are coloured by `row(y)`.
    static func image(width: Int = 4, height: Int, format: PixelFormat = .rgb, row: (Int) -> [UInt8]) -> PixelImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for _ in 0..<width { pixels += row(y) }
        }
        return PixelImage(width: width, height: height, format: format, pixels: pixels)
    }

    @Test(arguments: [
        ("one colour", image(height: 6) { _ in [200, 100, 50] }, "#c86432"),
        ("grey", image(height: 6, format: .gray) { _ in [77] }, "#4d4d4d"),
        (
            "thirds", image(height: 6) { y in y < 2 ? [255, 0, 0] : y < 4 ? [0, 255, 0] : [0, 0, 255] },
            "linear-gradient(#ff0000,#00ff00,#0000ff)"
        ),
        // Black and white rows average to the grey of half the light, 188, not to 128.
        ("linear light", image(height: 6) { y in y % 2 == 0 ? [0, 0, 0] : [255, 255, 255] }, "#bcbcbc"),
        // Thirds within two levels of each other are one colour.
        ("alike", image(height: 6) { y in y < 2 ? [100, 100, 100] : [102, 101, 100] }, "#666564"),
        // Fewer rows than thirds: each third has at least one.
        ("one row", image(height: 1) { _ in [9, 8, 7] }, "#090807"),
    ])
    func cssOfTheThirds(name: String, image: PixelImage, css: String) {
        #expect(ColourPlaceholder(of: image)?.css == css, "\(name)")
    }

    @Test func noneForAnImageWithAlpha() {
        #expect(ColourPlaceholder(of: Self.image(height: 3, format: .rgba) { _ in [1, 2, 3, 255] }) == nil)
        #expect(ColourPlaceholder(of: Self.image(height: 3, format: .grayAlpha) { _ in [1, 255] }) == nil)
    }

    @Test(arguments: ["#000000", "#ffffff", "#0a1b2c"])
    func hexReadsWhatItWrites(text: String) throws {
        let colour = try #require(ColourPlaceholder.Colour(hex: text[...]))
        #expect(colour.hex == text)
    }

    @Test(arguments: ["", "#", "#12345", "#1234567", "0a1b2c0", "#0A1B2C", "#0a1b2g", "#0a1b2c ", "#\u{e9}a1b2c"])
    func hexRefusesAnythingElse(text: String) {
        #expect(ColourPlaceholder.Colour(hex: text[...]) == nil)
    }

    @Test func oneToThreeColours() {
        let black = ColourPlaceholder.Colour(red: 0, green: 0, blue: 0)
        #expect(ColourPlaceholder(colours: []) == nil)
        #expect(ColourPlaceholder(colours: Array(repeating: black, count: 4)) == nil)
        #expect(ColourPlaceholder(colours: [black, black])?.css == "linear-gradient(#000000,#000000)")
    }

    /// A build's renditions carry the colours of the narrowest.
    @Test func renditionsCarryThem() throws {
        let photo = Self.image(width: 64, height: 48) { y in y < 24 ? [250, 250, 250] : [10, 20, 30] }
        let jpeg = JPEGEncoder.encode(photo, quality: 90, subsampling: .s420)
        let set = try Renditions.make(from: jpeg, widths: [32, 16], quality: 80)
        let colours = try #require(set.placeholder).colours
        #expect(colours.count == 3)
        #expect(colours[0].red > 240 && colours[2].red < 20)
    }
}
