import Foundation
import Testing

@testable import AshlarImage

/// A PNG whose image data inflates a thousand times over, within `maxPixels` and
/// `maxDecompressedBytes`, is refused for the memory its decode needs before any is allocated.
@Suite struct PNGBombTests {
    /// An 8-bit RGB PNG of `side` × `side` black pixels whose zlib stream is as small as deflate
    /// allows: a zero, then matches of 258 bytes at distance 1, two bits each in dynamic blocks
    /// written by our own deflater's block writer.
    static func bomb(side: Int) -> [UInt8] {
        let rawSize = side * (1 + 3 * side)
        let zeros = [UInt8](repeating: 0, count: Deflater.blockSymbols * 258 + 1)
        let symbols = OwnedBuffer<UInt32>(uninitializedCount: DeflateBlock.capacity)
        var writer = BitWriter(capacity: 1 << 20)
        writer.write(0x78, 8)
        writer.write(0x9C, 8)
        var written = 0
        zeros.withUnsafeBufferPointer { zeros in
            while written < rawSize {
                var block = DeflateBlock(storage: symbols.base)
                var covered = 0
                if written == 0 {
                    block.addLiteral(0)
                    covered = 1
                }
                while block.symbolCount < Deflater.blockSymbols && written + covered < rawSize {
                    let length = min(258, rawSize - written - covered)
                    if length >= 3 {
                        block.addMatch(length: length, distance: 1)
                    } else {
                        block.addLiteral(0)
                    }
                    covered += length >= 3 ? length : 1
                }
                written += covered
                block.write(
                    into: &writer, stored: UnsafeBufferPointer(rebasing: zeros[0..<covered]),
                    isFinal: written == rawSize)
            }
        }
        // Adler-32 of zeros: the low sum stays 1, the high one adds 1 a byte.
        writer.appendBigEndian(UInt32(rawSize % 65521) << 16 | 1)
        var file = ImageFormat.pngSignature
        let header = PNGEncoder.bigEndian(UInt32(side)) + PNGEncoder.bigEndian(UInt32(side)) + [8, 2, 0, 0, 0]
        PNGEncoder.appendChunk("IHDR", header, to: &file)
        PNGEncoder.appendChunk("IDAT", writer.bytes, to: &file)
        PNGEncoder.appendChunk("IEND", [], to: &file)
        return file
    }

    @Test func theBombIsAValidPNG() throws {
        let decoded = try PNGDecoder.decode(Self.bomb(side: 300))
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.image.width == 300 && decoded.image.format == .rgb)
        #expect(decoded.image.pixels.allSatisfy { $0 == 0 })
    }

    /// 17320² pixels, under the 300 megapixels allowed, in 875 KB: 900 MB of rows to inflate,
    /// under the 1 GiB allowed, and 900 MB of pixels; a decode that went ahead would hold both.
    @Test func aZlibBombWithinTheOtherLimitsIsRefusedForItsMemory() throws {
        let bytes = Self.bomb(side: 17_320)
        #expect(bytes.count < 1 << 20)
        let info = try PNGDecoder.info(bytes)
        #expect(PNGDecoder.refusal(of: info, limits: .default) == nil, "the other limits let it through")
        let decodesOver = { (message: String) in
            message.hasPrefix("image needs ")
                && message.hasSuffix(" MiB of memory to decode, more than the limit of 1024 MiB")
        }
        JPEGBoundedWorkTests.expectRefusedQuickly("decode", matches: decodesOver) { () throws(ImageError) in
            _ = try PNGDecoder.decode(bytes)
        }
        JPEGBoundedWorkTests.expectRefusedQuickly("make", matches: decodesOver) { () throws(ImageError) in
            _ = try Renditions.make(from: bytes, widths: [1920, 480], quality: 82)
        }
        JPEGBoundedWorkTests.expectRefusedQuickly("check", matches: decodesOver) { () throws(ImageError) in
            try Renditions.check(bytes)
        }
    }
}
