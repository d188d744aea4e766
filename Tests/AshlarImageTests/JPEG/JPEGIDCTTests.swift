import AshlarTestSupport
import Testing

@testable import AshlarImage

/// The SIMD inverse DCTs held to the plain scalar ones of `ReferenceIDCT`, sample for sample.
@Suite struct JPEGIDCTTests {
    /// `JPEGIDCT.transform` of one block to `size`×`size` samples, row-major.
    static func decoded(size: Int, _ coefficients: [Int16], _ quant: [Int32]) -> [UInt8] {
        // Samples land in a wider buffer with a stride, as in a strip, with a margin that must
        // stay untouched.
        let stride = 11
        var out = [UInt8](repeating: 0xA5, count: stride * size + 16)
        var workspace = [Int32](repeating: 0, count: 64)
        coefficients.withUnsafeBufferPointer { coef in
            quant.withUnsafeBufferPointer { quant in
                out.withUnsafeMutableBufferPointer { out in
                    workspace.withUnsafeMutableBufferPointer { workspace in
                        JPEGIDCT.transform(
                            size: size, coef.baseAddress!, quant.baseAddress!, out.baseAddress!, stride,
                            workspace.baseAddress!)
                    }
                }
            }
        }
        for y in 0..<size {
            #expect(out[(y * stride + size)..<(y * stride + stride)].allSatisfy { $0 == 0xA5 }, "row \(y) overran")
        }
        return (0..<size).flatMap { y in out[(y * stride)..<(y * stride + size)] }
    }

    static func reference(size: Int, _ coefficients: [Int16], _ quant: [Int32]) -> [UInt8] {
        size == 8 ? ReferenceIDCT.islow(coefficients, quant) : ReferenceIDCT.idct4x4(coefficients, quant)
    }

    struct Block: Sendable, CustomTestStringConvertible {
        var name: String
        var coefficients: [Int16]
        var quant: [Int32]
        var testDescription: String { name }
    }

    /// Blocks at the edges of what the types hold: every coefficient at its extreme, one extreme
    /// coefficient at each place, alternating signs, with quantisers from 1 to 65,535 (a 16-bit
    /// DQT); most overflow 32 bits, which both must wrap alike.
    static let extremeBlocks: [Block] = {
        var blocks: [Block] = []
        for q in [1, 2, 255, 32767, 65535] as [Int32] {
            let quant = [Int32](repeating: q, count: 64)
            for value in [Int16.max, Int16.min, -1, 1] {
                blocks.append(
                    Block(name: "all \(value), q \(q)", coefficients: Array(repeating: value, count: 64), quant: quant))
                blocks.append(
                    Block(
                        name: "DC \(value), q \(q)", coefficients: [value] + Array(repeating: 0, count: 63),
                        quant: quant))
            }
            blocks.append(
                Block(
                    name: "alternating, q \(q)", coefficients: (0..<64).map { $0 % 2 == 0 ? Int16.max : Int16.min },
                    quant: quant))
            blocks.append(
                Block(
                    name: "checkerboard, q \(q)",
                    coefficients: (0..<64).map { ($0 / 8 + $0 % 8) % 2 == 0 ? Int16.max : Int16.min }, quant: quant))
        }
        for place in 0..<64 {
            for value in [Int16.max, Int16.min] {
                var coefficients = [Int16](repeating: 0, count: 64)
                coefficients[place] = value
                blocks.append(
                    Block(
                        name: "\(value) at \(place), q 255", coefficients: coefficients,
                        quant: Array(repeating: 255, count: 64)))
            }
        }
        return blocks
    }()

    @Test(arguments: extremeBlocks)
    func extremeBlocksMatchTheReference(_ block: Block) {
        for size in [8, 4] {
            #expect(
                Self.decoded(size: size, block.coefficients, block.quant)
                    == Self.reference(size: size, block.coefficients, block.quant), "size \(size)")
        }
    }

    /// Random blocks in three ranges: what camera files hold (small AC, baseline quantisers),
    /// any 16-bit coefficient with 8-bit quantisers, and anything at all.
    @Test(arguments: [(2047, 255), (32767, 255), (32767, 65535)] as [(Int, Int)])
    func randomBlocksMatchTheReference(largest: Int, largestQuantiser: Int) {
        var generator = SeededGenerator(seed: UInt64(largest * 65536 + largestQuantiser))
        for round in 0..<2000 {
            // Half the blocks are sparse, as most real blocks are.
            let sparse = round % 2 == 0
            let coefficients = (0..<64).map { k -> Int16 in
                if sparse && k > 0 && Int.random(in: 0..<8, using: &generator) != 0 { return 0 }
                return Int16(Int.random(in: -largest...largest, using: &generator))
            }
            let quant = (0..<64).map { _ in Int32(Int.random(in: 1...largestQuantiser, using: &generator)) }
            for size in [8, 4] {
                let decoded = Self.decoded(size: size, coefficients, quant)
                let expected = Self.reference(size: size, coefficients, quant)
                #expect(decoded == expected, "size \(size), block \(coefficients), quant \(quant)")
                if decoded != expected { return }
            }
        }
    }
}
