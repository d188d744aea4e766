import Foundation
import Testing

@testable import AshlarImage

/// Test pictures made of smooth colour waves, brightness edges and mild texture, like a small photo.
enum TestPicture {
    static func make(width: Int, height: Int, format: PixelFormat) -> PixelImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * format.channels)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x)
                let fy = Double(y)
                let wave = 60 * sin(fx / 9) * cos(fy / 13) + 30 * sin((fx + fy) / 5)
                let edge: Double = (x / 24 + y / 16) % 2 == 0 ? 25 : -25
                let texture = Double((x &* 7 &+ y &* 13) % 5) - 2
                let r = 128 + wave + edge + texture
                let g = 120 + 0.6 * wave + edge
                let b = 100 - 0.5 * wave + edge
                let samples = [r, g, b].map { UInt8(max(0, min(255, $0.rounded()))) }
                switch format {
                case .gray: pixels.append(samples[1])
                case .grayAlpha: pixels += [samples[1], UInt8((x * 37 + y * 11) % 256)]
                case .rgb: pixels += samples
                case .rgba: pixels += samples + [UInt8((x * 37 + y * 11) % 256)]
                }
            }
        }
        return PixelImage(width: width, height: height, format: format, pixels: pixels)
    }
}

@Suite struct JPEGEncoderTests {
    /// DQT payload tables of an encoded file, in zig-zag order.
    static func quantisers(_ file: [UInt8]) throws -> [[UInt8]] {
        let layout = try JPEGSegment.layout(of: file)
        var tables: [[UInt8]] = []
        for segment in layout.segments where segment.marker == 0xDB {
            var index = segment.start
            while index < segment.end {
                tables.append(Array(file[index + 1..<index + 65]))
                index += 65
            }
        }
        return tables
    }

    @Test(arguments: [
        (50, [16, 11, 12, 14, 12, 10, 16, 14], [17, 18, 18, 24, 21, 24, 47, 26]),
        (85, [5, 3, 4, 4, 4, 3, 5, 4], [5, 5, 5, 7, 6, 7, 14, 8]),
        (100, [1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 1]),
        (1, [255, 255, 255, 255, 255, 255, 255, 255], [255, 255, 255, 255, 255, 255, 255, 255]),
        (0, [255, 255, 255, 255, 255, 255, 255, 255], [255, 255, 255, 255, 255, 255, 255, 255]),
        (130, [1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 1]),
    ])
    func quantisersAreLibjpegScaledAnnexKTables(quality: Int, luma: [UInt8], chroma: [UInt8]) throws {
        let file = JPEGEncoder.encode(
            TestPicture.make(width: 16, height: 16, format: .rgb), quality: quality, settings: .libjpeg)
        let tables = try Self.quantisers(file)
        #expect(tables.count == 2)
        #expect(Array(tables[0].prefix(8)) == luma)
        #expect(Array(tables[1].prefix(8)) == chroma)
    }

    /// The perceptual tables scale with quality as libjpeg scales Annex K's, and never leave 1...255.
    @Test(arguments: [1, 30, 60, 65, 82, 90, 93, 100])
    func perceptualTablesAreScaledLikeLibjpegs(quality: Int) throws {
        let file = JPEGEncoder.encode(
            TestPicture.make(width: 16, height: 16, format: .rgb), quality: quality, settings: .perceptual)
        let tables = try Self.quantisers(file)
        #expect(tables.count == 2)
        let scale = JPEGEncoder.scaleFactor(quality: quality)
        let tenths = [JPEGEncoder.perceptualLuminanceTable, JPEGEncoder.perceptualChrominanceTable]
        for (written, table) in zip(tables, tenths) {
            let expected = JPEGZigzag.natural.map { UInt8(min(max((table[$0] * scale + 500) / 1_000, 1), 255)) }
            #expect(written == expected)
        }
    }

    @Test func grayImageHasOneComponentAndOneQuantiser() throws {
        let file = JPEGEncoder.encode(TestPicture.make(width: 17, height: 9, format: .gray))
        let layout = try JPEGSegment.layout(of: file)
        let frame = try #require(layout.segments.first { $0.marker == 0xC2 })
        #expect(Array(file[frame.start..<frame.end]) == [8, 0, 9, 0, 17, 1, 1, 0x11, 0])
        #expect(try Self.quantisers(file).count == 1)
    }

    @Test(arguments: ChromaSubsampling.allCases)
    func frameHeaderStatesSampling(subsampling: ChromaSubsampling) throws {
        // Sequential files are baseline (SOF0), the perceptual encoder's progressive (SOF2).
        for (settings, marker) in [(JPEGEncoderSettings.libjpeg, UInt8(0xC0)), (.perceptual, 0xC2)] {
            let file = JPEGEncoder.encode(
                TestPicture.make(width: 33, height: 7, format: .rgb), subsampling: subsampling, settings: settings)
            let layout = try JPEGSegment.layout(of: file)
            let frame = try #require(layout.segments.first { $0.marker == marker })
            let luma: UInt8 = subsampling == .s420 ? 0x22 : 0x11
            #expect(Array(file[frame.start..<frame.end]) == [8, 0, 7, 0, 33, 3, 1, luma, 0, 2, 0x11, 1, 3, 0x11, 1])
            #expect(file.suffix(2) == [0xFF, 0xD9])
        }
    }

    @Test(arguments: [(65_537, 1), (1, 65_536)])
    func imagesPastTheFrameLimitAreCropped(width: Int, height: Int) throws {
        let file = JPEGEncoder.encode(PixelImage(width: width, height: height, format: .gray))
        let layout = try JPEGSegment.layout(of: file)
        let frame = try #require(layout.segments.first { $0.marker == 0xC2 })
        let stated = (
            Int(file[frame.start + 1]) << 8 | Int(file[frame.start + 2]),
            Int(file[frame.start + 3]) << 8 | Int(file[frame.start + 4])
        )
        #expect(stated == (min(height, 65_535), min(width, 65_535)))
    }

    @Test func sameImageGivesSameBytes() {
        let image = TestPicture.make(width: 45, height: 31, format: .rgb)
        #expect(JPEGEncoder.encode(image, quality: 77) == JPEGEncoder.encode(image, quality: 77))
    }

    @Test(arguments: [(PixelFormat.rgba, PixelFormat.rgb), (.grayAlpha, .gray)])
    func alphaIsCompositedOverWhite(format: PixelFormat, opaque: PixelFormat) {
        let size = (width: 19, height: 11)
        let transparent = PixelImage(
            width: size.width, height: size.height, format: format,
            pixels: (0..<size.width * size.height * format.channels).map {
                $0 % format.channels == format.channels - 1 ? 0 : 77
            })
        let white = PixelImage(
            width: size.width, height: size.height, format: opaque,
            pixels: [UInt8](repeating: 255, count: size.width * size.height * opaque.channels))
        #expect(JPEGEncoder.encode(transparent) == JPEGEncoder.encode(white))

        let picture = TestPicture.make(width: size.width, height: size.height, format: opaque)
        var solid: [UInt8] = []
        for pixel in 0..<size.width * size.height {
            solid += picture.pixels[pixel * opaque.channels..<(pixel + 1) * opaque.channels] + [255]
        }
        let covered = PixelImage(width: size.width, height: size.height, format: format, pixels: solid)
        #expect(JPEGEncoder.encode(covered) == JPEGEncoder.encode(picture))
    }

    @Test(arguments: [1, 65_519, 65_520, 200_000])
    func iccProfileIsSplitIntoNumberedChunks(size: Int) throws {
        let profile = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 8) }
        let file = JPEGEncoder.encode(TestPicture.make(width: 9, height: 9, format: .rgb), iccProfile: profile)
        let layout = try JPEGSegment.layout(of: file)
        let chunks = layout.segments.filter { $0.marker == 0xE2 }
        #expect(chunks.count == (size + 65_518) / 65_519)
        for (index, chunk) in chunks.enumerated() {
            #expect(file[chunk.start + 12] == UInt8(index + 1))
            #expect(file[chunk.start + 13] == UInt8(chunks.count))
        }
        #expect(try JPEGMetadata.read(file).iccProfile == profile)
    }

    @Test func emptyProfileIsLeftOut() throws {
        let file = JPEGEncoder.encode(TestPicture.make(width: 9, height: 9, format: .rgb), iccProfile: [])
        #expect(try JPEGSegment.layout(of: file).segments.allSatisfy { $0.marker != 0xE2 })
    }

    /// Fibonacci counts make the deepest possible Huffman tree; codes must still fit 16 bits,
    /// be prefix-free and leave the all-ones code unused.
    @Test func huffmanCodesAreLengthLimitedAndComplete() {
        var frequencies = [Int](repeating: 0, count: 257)
        var (a, b) = (1, 1)
        for symbol in 0..<40 {
            frequencies[symbol * 5] = a
            (a, b) = (b, a + b)
        }
        let table = JPEGEncoder.HuffmanTable(frequencies: frequencies[...])
        #expect(table.symbols.count == 40)
        #expect(table.counts.map(Int.init).reduce(0, +) == 40)
        let kraft = table.counts.enumerated().reduce(0) { $0 + Int($1.element) << (15 - $1.offset) }
        #expect(kraft < 1 << 16)
        let lengths = table.symbols.map { Int(table.codes[Int($0)] & 0xFF) }
        #expect(lengths == lengths.sorted() && lengths.allSatisfy { (1...16).contains($0) })
        // The most frequent symbol gets a shortest code.
        #expect(Int(table.codes[195] & 0xFF) == lengths.first)
    }
}
