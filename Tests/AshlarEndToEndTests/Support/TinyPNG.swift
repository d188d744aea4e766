import AshlarImage
import Foundation

/// Small, fully valid PNG files of a given size and colour, for fixture sites made on the fly.
enum TinyPNG {
    static func make(width: Int, height: Int, red: UInt8 = 200, green: UInt8 = 120, blue: UInt8 = 60) -> Data {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for _ in 0..<(width * height) { pixels += [red, green, blue] }
        return Data(PNGEncoder.encode(PixelImage(width: width, height: height, format: .rgb, pixels: pixels)))
    }

    /// A PNG of noise, which does not compress: about `width` × `height` × 3 bytes on disk.
    static func incompressible(width: Int, height: Int) -> Data {
        var state: UInt32 = 2024
        let pixels = (0..<(width * height * 3)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        return Data(PNGEncoder.encode(PixelImage(width: width, height: height, format: .rgb, pixels: pixels)))
    }

    /// A PNG whose header states the given size but whose image data holds its first row only:
    /// enough for Ashlar's header reader and for layout, and cheap at any size. AshlarImage decodes
    /// it as a damaged image (the missing rows filled), so the build publishes it as it is.
    static func headerOnly(width: Int, height: Int) -> Data {
        var png = PNGEncoder.encode(PixelImage(width: width, height: 1, format: .rgb))
        // IHDR's height (bytes 20...23), then the chunk's CRC over its type and data (12...28).
        png.replaceSubrange(20..<24, with: bigEndian(UInt32(height)))
        png.replaceSubrange(29..<33, with: bigEndian(CRC32.checksum(Array(png[12..<29]))))
        return Data(png)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
