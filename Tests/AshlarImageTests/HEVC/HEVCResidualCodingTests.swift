import AshlarTestSupport
import Testing

@testable import AshlarImage

/// residual_coding(): random coefficient blocks of every size, scan, colour component and setting
/// go through the test's encoder (`HEVCResidualTestEncoder`) and come back from the decoder.
@Suite struct HEVCResidualCodingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var seed: UInt64
        var signHiding: Bool
        var transformSkip: Bool
        var persistentRice: Bool
        var testDescription: String {
            var text = "seed \(seed)"
            if signHiding { text += " hiding" }
            if transformSkip { text += " skip" }
            if persistentRice { text += " rice" }
            return text
        }
    }

    static let cases: [Case] = {
        var result: [Case] = []
        for combination in 0..<8 {
            for seed in 1...4 {
                let hiding = combination & 1 != 0
                let skip = combination & 2 != 0
                let rice = combination & 4 != 0
                let caseSeed = UInt64(seed * 8 + combination)
                result.append(Case(seed: caseSeed, signHiding: hiding, transformSkip: skip, persistentRice: rice))
            }
        }
        return result
    }()

    /// A block with a few to many non-zero levels, mostly small, a few up to 32767.
    static func levels(size: Int, using random: inout SeededGenerator) -> [Int32] {
        let density = Double.random(in: 0.02...0.9, using: &random)
        var levels = [Int32](repeating: 0, count: size * size)
        let reach = Int.random(in: 1...size, using: &random)
        for y in 0..<reach {
            for x in 0..<reach where Double.random(in: 0..<1, using: &random) < density {
                let magnitude: Int
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<55: magnitude = 1
                case 55..<75: magnitude = 2
                case 75..<88: magnitude = Int.random(in: 3...12, using: &random)
                case 88..<98: magnitude = Int.random(in: 13...600, using: &random)
                default: magnitude = Int.random(in: 601...32767, using: &random)
                }
                levels[y * size + x] = Int32(Bool.random(using: &random) ? -magnitude : magnitude)
            }
        }
        if levels.allSatisfy({ $0 == 0 }) {
            levels[Int.random(in: 0..<(size * size), using: &random)] = Int32(Int.random(in: 1...3, using: &random))
        }
        return levels
    }

    @Test(arguments: cases)
    func randomBlocksComeBack(_ test: Case) throws {
        var random = SeededGenerator(seed: test.seed)
        var settings = HEVCResidualSettings()
        settings.chromaArrayType = 3
        settings.signDataHiding = test.signHiding
        settings.transformSkipEnabled = test.transformSkip
        settings.log2MaxTransformSkipSize = test.transformSkip ? Int.random(in: 2...5, using: &random) : 2
        settings.transformSkipContext = test.transformSkip && Bool.random(using: &random)
        settings.implicitRDPCM = Bool.random(using: &random)
        settings.persistentRiceAdaptation = test.persistentRice
        let qp = Int.random(in: 0...51, using: &random)
        var encoder = HEVCResidualTestEncoder(sliceQpY: qp, settings: settings)
        var blocks: [(HEVCResidualBlock, Bool, [Int32])] = []
        for _ in 0..<60 {
            let log2 = Int.random(in: 2...5, using: &random)
            let block = HEVCResidualBlock(
                log2Size: log2, component: Int.random(in: 0...2, using: &random),
                scanIndex: Int.random(in: 0...2, using: &random),
                transquantBypass: Int.random(in: 0..<8, using: &random) == 0,
                predModeIntra: [0, 1, 10, 26, 18][Int.random(in: 0..<5, using: &random)])
            let skip = Bool.random(using: &random)
            let expected = encoder.encode(
                Self.levels(size: 1 << log2, using: &random), block: block, transformSkip: skip)
            let coded =
                settings.transformSkipEnabled && !block.transquantBypass && log2 <= settings.log2MaxTransformSkipSize
            blocks.append((block, coded && skip, expected))
        }
        encoder.cabac.encodeTerminate(1)

        var decoder = try HEVCEntropyDecoder(data: encoder.cabac.bytes, sliceQpY: qp, settings: settings)
        for (index, (block, skip, expected)) in blocks.enumerated() {
            let (levels, outcome) = try decoder.decodeResidual(block)
            #expect(outcome.transformSkip == skip, "block \(index) \(block)")
            #expect(outcome.nonZeroCount == expected.filter { $0 != 0 }.count, "block \(index) \(block)")
            let mismatch = levels.indices.first { levels[$0] != expected[$0] }
            #expect(mismatch == nil, "block \(index) \(block): first difference at \(mismatch ?? 0)")
            if mismatch != nil { return }
        }
        #expect(decoder.cabac.decodeTerminate() == 1)
        #expect(!decoder.isExhausted)
        #expect(decoder.contexts == encoder.contexts)
    }

    /// §6.5.3–6.5.5 on the 4×4 block: the spec's figures.
    @Test func scanOrdersOfA4x4Block() {
        func coordinates(_ scanIndex: Int) -> [Int] {
            HEVCResidualScan.order(log2Size: 2, scanIndex: scanIndex).map { Int($0 & 15) + 4 * Int($0 >> 4) }
        }
        #expect(coordinates(0) == [0, 4, 1, 8, 5, 2, 12, 9, 6, 3, 13, 10, 7, 14, 11, 15])
        #expect(coordinates(1) == Array(0..<16))
        #expect(coordinates(2) == [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15])
        #expect(HEVCResidualScan.order(log2Size: 1, scanIndex: 0) == [0x00, 0x10, 0x01, 0x11])
        #expect(HEVCResidualScan.order(log2Size: 3, scanIndex: 0).count == 64)
    }

    @Test func blocksOutsideTheSpecAreRefused() throws {
        var decoder = try HEVCEntropyDecoder(data: [1, 2, 3], sliceQpY: 26, settings: .init())
        var refused = false
        do { _ = try decoder.decodeResidual(HEVCResidualBlock(log2Size: 6, component: 0)) } catch { refused = true }
        #expect(refused)
        var settings = HEVCResidualSettings()
        settings.cabacBypassAlignment = true
        #expect(throws: ImageError.self) { try HEVCEntropyDecoder(data: [], sliceQpY: 26, settings: settings) }
    }
}
