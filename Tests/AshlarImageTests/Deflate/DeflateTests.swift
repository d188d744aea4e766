import AshlarTestSupport
import Testing

@testable import AshlarImage

@Suite struct DeflateTests {
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case random, runs, text, smallAlphabet, repeatedBlocks, empty
        var testDescription: String { rawValue }

        func bytes(count: Int, using generator: inout SeededGenerator) -> [UInt8] {
            switch self {
            case .empty:
                return []
            case .random:
                return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case .runs:
                var bytes: [UInt8] = []
                while bytes.count < count {
                    let byte = UInt8.random(in: 0...3, using: &generator)
                    bytes += [UInt8](repeating: byte, count: .random(in: 1...600, using: &generator))
                }
                return Array(bytes.prefix(count))
            case .text:
                let words = ["photo", "gallery", "album", "the", "a", "light", "shadow", "ashlar", "stone", "\n"]
                var bytes: [UInt8] = []
                while bytes.count < count { bytes += Array((words.randomElement(using: &generator)! + " ").utf8) }
                return Array(bytes.prefix(count))
            case .smallAlphabet:
                return (0..<count).map { _ in UInt8.random(in: 65...68, using: &generator) }
            case .repeatedBlocks:
                // Repeats at distances up to and past the 32 KiB window.
                let block = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
                var bytes: [UInt8] = []
                while bytes.count < count { bytes += block[0..<Int.random(in: 100...40_000, using: &generator)] }
                return Array(bytes.prefix(count))
            }
        }
    }

    @Test(arguments: Shape.allCases)
    func roundTrips(shape: Shape) throws {
        var generator = SeededGenerator(seed: 1951)
        for count in [1, 2, 3, 258, 1000, 65_536, 200_000] {
            let input = shape.bytes(count: count, using: &generator)
            let compressed = Deflater.compress(zlib: input)
            #expect(try Inflater.decompress(zlib: compressed, limit: input.count) == input, "\(count) bytes")
            // Stored blocks bound the worst case: 5 bytes a block plus the zlib wrapper.
            let blocks = input.count / Deflater.blockSymbols + 1
            #expect(compressed.count <= input.count + 5 * blocks + 6, "\(count) bytes")
        }
    }

    @Test func isDeterministic() {
        var generator = SeededGenerator(seed: 7)
        let input = Shape.text.bytes(count: 100_000, using: &generator)
        #expect(Deflater.compress(zlib: input) == Deflater.compress(zlib: input))
    }

    @Test func compressesLikeZlibLevelSix() throws {
        // zlib level 6 makes 5,218 bytes of this input (see the fixture); stay within 5 %.
        let input = PNGFixtures.bytes("zlib-input.bin")
        let ours = Deflater.compress(zlib: input)
        #expect(try Inflater.decompress(zlib: ours, limit: input.count) == input)
        #expect(ours.count <= PNGFixtures.bytes("zlib-level6.z").count * 105 / 100)
    }

    @Test(arguments: [
        ([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 5),
        ((0..<30).map { 1 << $0 }, 15),
        ((0..<19).map { ($0 + 1) * ($0 + 1) }, 7),
    ])
    func codeLengthsAreLimitedAndComplete(frequencies: [Int], limit: Int) {
        let lengths = HuffmanCode.lengths(frequencies: frequencies, limit: limit)
        #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
        let kraft = lengths.reduce(0) { $0 + (1 << (limit - Int($1))) }
        #expect(kraft == 1 << limit)
        // More frequent symbols never get longer codes.
        for a in frequencies.indices {
            for b in frequencies.indices where frequencies[a] > frequencies[b] { #expect(lengths[a] <= lengths[b]) }
        }
    }
}
