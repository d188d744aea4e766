/// A small, valid PNG for `ashlar init`'s example album: diagonal bands in four muted colours,
/// 3:2, stored without compression (about 15 KB).
enum PlaceholderImage {
    static let width = 300
    static let height = 200

    static func png() -> [UInt8] {
        let palette: [UInt8] = [0x5B, 0x6C, 0x7D, 0x8A, 0x9B, 0x8C, 0xC4, 0xB4, 0x9A, 0xE3, 0xDC, 0xD1]
        var raw: [UInt8] = []
        let rowBytes = (width * 2 + 7) / 8
        raw.reserveCapacity((rowBytes + 1) * height)
        for y in 0..<height {
            raw.append(0) // filter: none
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width {
                let band = UInt8(((x + y) / 40) % 4)
                row[x / 4] |= band << (6 - 2 * UInt8(x % 4))
            }
            raw += row
        }
        // 2-bit indexed colour.
        return PNGFile.encode(
            width: width, height: height, bitDepth: 2, colourType: 3, palette: palette, scanlines: raw)
    }
}
