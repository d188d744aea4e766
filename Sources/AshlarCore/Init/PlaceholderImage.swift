import AshlarImage

/// A small, valid PNG for `ashlar init`'s example album: diagonal bands in four muted colours, 3:2.
enum PlaceholderImage {
    static let width = 300
    static let height = 200

    static func png() -> [UInt8] {
        let colours: [[UInt8]] = [[0x5B, 0x6C, 0x7D], [0x8A, 0x9B, 0x8C], [0xC4, 0xB4, 0x9A], [0xE3, 0xDC, 0xD1]]
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width { pixels += colours[((x + y) / 40) % 4] }
        }
        return PNGEncoder.encode(PixelImage(width: width, height: height, format: .rgb, pixels: pixels))
    }
}
