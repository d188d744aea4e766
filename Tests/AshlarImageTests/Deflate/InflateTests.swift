import Testing

@testable import AshlarImage

@Suite struct InflateTests {
    @Test(arguments: 0...9)
    func inflatesZlibAtEveryLevel(level: Int) throws {
        let input = PNGFixtures.bytes("zlib-input.bin")
        let compressed = PNGFixtures.bytes("zlib-level\(level).z")
        #expect(input.count > 10_000)
        #expect(try Inflater.decompress(zlib: compressed, limit: 1 << 20) == input)
    }

    @Test func theLimitIsExact() throws {
        let input = PNGFixtures.bytes("zlib-input.bin")
        let compressed = PNGFixtures.bytes("zlib-level6.z")
        #expect(try Inflater.decompress(zlib: compressed, limit: input.count) == input)
        #expect(throws: ImageError(.tooLarge, "zlib data expands past the limit of \(input.count - 1) bytes")) {
            try Inflater.decompress(zlib: compressed, limit: input.count - 1)
        }
    }

    struct Corruption: Sendable, CustomTestStringConvertible {
        var name: String
        var stream: [UInt8]
        var message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Corruption(
            name: "header check", stream: [0x78, 0x00, 0x03, 0x00], message: "zlib header check bits are wrong"),
        Corruption(
            name: "method", stream: [0x79, 0x9C], message: "zlib stream uses compression method 9, not deflate"),
        Corruption(
            name: "dictionary", stream: [0x78, 0xBB, 0, 0, 0, 1],
            message: "zlib stream needs a preset dictionary"),
        Corruption(name: "block type 3", stream: [0x78, 0x9C, 0x07], message: "deflate block type 3 is reserved"),
        Corruption(
            name: "stored length", stream: [0x78, 0x01, 0x01, 0x05, 0x00, 0x00, 0x00],
            message: "stored block length does not match its complement"),
        Corruption(
            name: "distance before start", stream: [0x78, 0x9C, 0x03, 0x02, 0x00],
            message: "distance 1 reaches before the start of the data"),
        Corruption(
            name: "over-subscribed", stream: [0x78, 0x9C, 0x05, 0x00, 0x92, 0x04, 0, 0, 0, 0],
            message: "deflate code lengths are over-subscribed"),
        Corruption(name: "truncated", stream: [0x78, 0x9C, 0x4B, 0x4C], message: "zlib data ends early"),
        Corruption(
            name: "checksum", stream: [0x78, 0x9C, 0x4B, 0x04, 0x00, 0x00, 0x62, 0x00, 0x63],
            message: "zlib checksum does not match the data"),
    ])
    func corruptDataIsMalformed(_ corruption: Corruption) {
        #expect(throws: ImageError(.malformed, corruption.message)) {
            try Inflater.decompress(zlib: corruption.stream, limit: 1 << 20)
        }
    }

    @Test func aBombStopsAtTheLimit() {
        // 8 MiB of zeros, the stream inside the fixture's IDAT chunk.
        let png = PNGFixtures.png("zlib-bomb")
        let stream = Array(png[(33 + 8)..<(png.count - 12 - 4)])
        #expect(throws: ImageError(.tooLarge, "zlib data expands past the limit of 1000000 bytes")) {
            try Inflater.decompress(zlib: stream, limit: 1_000_000)
        }
    }

    @Test func everyPrefixGivesAPrefixOfTheOutput() {
        let input = PNGFixtures.bytes("zlib-input.bin")
        for level in [1, 9] {
            let compressed = PNGFixtures.bytes("zlib-level\(level).z")
            var output = [UInt8](repeating: 0, count: input.count)
            for length in stride(from: 0, to: compressed.count, by: 11) {
                let result = compressed.withUnsafeBufferPointer { whole in
                    output.withUnsafeMutableBufferPointer { out in
                        Inflater.inflate(UnsafeBufferPointer(rebasing: whole[0..<length]), into: out, zlib: true)
                    }
                }
                #expect(result.status == .truncated, "level \(level), \(length) bytes")
                #expect(output[0..<result.written] == input[0..<result.written], "level \(level), \(length) bytes")
            }
        }
    }
}
