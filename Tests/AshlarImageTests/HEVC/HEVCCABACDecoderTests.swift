import AshlarTestSupport
import Testing

@testable import AshlarImage

/// The arithmetic decoding engine against the test's encoder: random bins in random contexts,
/// bypass runs, terminating bins and PCM-like raw bytes between restarts come back exactly.
@Suite struct HEVCCABACDecoderTests {
    enum Operation: Equatable {
        case decision(context: Int, bin: Int)
        case bypass(Int)
        case bypassBins(value: Int, count: Int)
        case terminate(Int)
        /// A terminating 1, raw bytes, then a restarted engine.
        case pcm([UInt8])
    }

    static func operations(seed: UInt64, count: Int) -> [Operation] {
        var random = SeededGenerator(seed: seed)
        // Each context leans one way, so both likely and unlikely symbols occur.
        let bias = (0..<24).map { _ in Double.random(in: 0.02...0.98, using: &random) }
        var result: [Operation] = []
        for _ in 0..<count {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<70:
                let context = Int.random(in: 0..<24, using: &random)
                result.append(
                    .decision(context: context, bin: Double.random(in: 0..<1, using: &random) < bias[context] ? 1 : 0))
            case 70..<85: result.append(.bypass(Int.random(in: 0...1, using: &random)))
            case 85..<95:
                let bins = Int.random(in: 0...32, using: &random)
                result.append(
                    .bypassBins(value: bins == 0 ? 0 : Int.random(in: 0..<(1 << bins), using: &random), count: bins))
            case 95..<99: result.append(.terminate(0))
            default:
                result.append(
                    .pcm(
                        (0..<Int.random(in: 0...5, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random)
                        }))
            }
        }
        return result
    }

    static func initialStates(seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed ^ 0xABCD)
        return (0..<24).map { _ in UInt8.random(in: 0...125, using: &random) }
    }

    @Test(arguments: Array(UInt64(1)...40))
    func randomBinsComeBack(seed: UInt64) {
        let operations = Self.operations(seed: seed, count: Int(seed % 7) * 400 + 50)
        var encoderStates = Self.initialStates(seed: seed)
        var encoder = HEVCCABACTestEncoder()
        var pcmStarts: [Int] = []
        for operation in operations {
            switch operation {
            case .decision(let context, let bin): encoder.encodeDecision(&encoderStates[context], bin)
            case .bypass(let bin): encoder.encodeBypass(bin)
            case .bypassBins(let value, let count): encoder.encodeBypassBins(value, count)
            case .terminate(let bin): encoder.encodeTerminate(bin)
            case .pcm(let bytes):
                encoder.encodeTerminate(1)
                pcmStarts.append(encoder.byteCount)
                encoder.writeBytes(bytes)
                encoder.restart()
            }
        }
        encoder.encodeTerminate(1)
        let data = encoder.bytes
        let end = encoder.byteCount

        var decoderStates = Self.initialStates(seed: seed)
        var decoder = HEVCCABACDecoder(data: data)
        var pcmIndex = 0
        for (index, operation) in operations.enumerated() {
            let decoded: Operation
            switch operation {
            case .decision(let context, _):
                decoded = .decision(context: context, bin: decoder.decodeDecision(&decoderStates[context]))
            case .bypass: decoded = .bypass(decoder.decodeBypass())
            case .bypassBins(_, let count): decoded = .bypassBins(value: decoder.decodeBypassBins(count), count: count)
            case .terminate: decoded = .terminate(decoder.decodeTerminate())
            case .pcm(let bytes):
                let stop = decoder.decodeTerminate()
                let start = decoder.bytePosition
                #expect(stop == 1 && start == pcmStarts[pcmIndex], "operation \(index)")
                decoded = .pcm(Array(data[min(start, data.count)..<min(start + bytes.count, data.count)]))
                decoder.restart(at: start + bytes.count)
                pcmIndex += 1
            }
            #expect(decoded == operation, "operation \(index)")
            if decoded != operation { return }
        }
        #expect(decoder.decodeTerminate() == 1)
        #expect(decoder.bytePosition == end)
        #expect(!decoder.isExhausted)
        #expect(decoderStates == encoderStates)
    }

    @Test func readingPastTheEndFeedsZerosAndSaysSo() {
        var decoder = HEVCCABACDecoder(data: [0x12, 0x34])
        var state: UInt8 = 20
        #expect(!decoder.isExhausted)
        for _ in 0..<10_000 {
            _ = decoder.decodeDecision(&state)
            _ = decoder.decodeBypassBins(32)
        }
        #expect(decoder.isExhausted)
        var empty = HEVCCABACDecoder(data: [], start: 5, end: 9)
        _ = empty.decodeTerminate()
        #expect(empty.isExhausted)
    }

    /// Spot values of Tables 9-46 and 9-47 as printed in the spec.
    @Test func probabilityTablesHoldTheSpecsValues() {
        let lps = HEVCCABACDecoder.rangeTabLps
        #expect(lps.count == 256)
        #expect(Array(lps[0..<4]) == [128, 176, 208, 240])
        #expect(Array(lps[(12 * 4)..<(13 * 4)]) == [77, 94, 111, 128])
        #expect(Array(lps[(62 * 4)..<(63 * 4)]) == [6, 7, 8, 9])
        #expect(Array(lps[(63 * 4)..<(64 * 4)]) == [2, 2, 2, 2])
        let transitions = HEVCCABACDecoder.transIdxLps
        #expect(transitions.count == 64)
        #expect(transitions[0] == 0 && transitions[1] == 0 && transitions[10] == 8 && transitions[62] == 38)
    }
}
