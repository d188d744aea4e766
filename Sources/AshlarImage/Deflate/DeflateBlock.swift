/// The symbols of one deflate block as ``Deflater`` finds them, and their writing.
struct DeflateBlock {
    /// Each a literal byte, or `matchFlag | (length - 3) << 16 | (distance - 1)`; the caller's
    /// storage for ``capacity`` symbols, so adding one costs no reference counting.
    private let symbols: UnsafeMutablePointer<UInt32>
    private(set) var symbolCount = 0
    private var litLenFrequencies = [Int](repeating: 0, count: 286)
    private var distanceFrequencies = [Int](repeating: 0, count: 30)
    private static let matchFlag: UInt32 = 1 << 31
    /// The most symbols a block holds: ``Deflater`` ends blocks at `Deflater.blockSymbols`.
    static let capacity = Deflater.blockSymbols + 1

    init(storage: UnsafeMutablePointer<UInt32>) {
        symbols = storage
    }

    @inline(__always) mutating func addLiteral(_ byte: UInt8) {
        symbols[symbolCount] = UInt32(byte)
        symbolCount += 1
        litLenFrequencies[Int(byte)] += 1
    }

    @inline(__always) mutating func addMatch(length: Int, distance: Int) {
        symbols[symbolCount] = Self.matchFlag | UInt32(length - 3) << 16 | UInt32(distance - 1)
        symbolCount += 1
        litLenFrequencies[257 + Int(Self.lengthCode[length - 3])] += 1
        distanceFrequencies[Self.distanceCode(distance - 1)] += 1
    }

    /// Length symbol minus 257 for each length minus 3.
    static let lengthCode: [UInt8] = {
        var codes = [UInt8](repeating: 0, count: 256)
        for length in 3...258 {
            var code = 0
            while code < 28 && lengthBase[code + 1] <= length { code += 1 }
            codes[length - 3] = UInt8(code)
        }
        return codes
    }()
    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
        131, 163, 195, 227, 258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    /// The distance code for `distance - 1` (0...32767): two codes per power of two past 4.
    @inline(__always) static func distanceCode(_ distanceMinusOne: Int) -> Int {
        if distanceMinusOne < 4 { return distanceMinusOne }
        let bits = Int.bitWidth - distanceMinusOne.leadingZeroBitCount
        return 2 * (bits - 1) + (distanceMinusOne >> (bits - 2)) & 1
    }

    @inline(__always) static func distanceExtra(_ code: Int) -> Int { code < 4 ? 0 : code / 2 - 1 }

    static let fixedLitLenLengths: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Writes the block in whichever form is smallest; `stored` is the input bytes it covers.
    mutating func write(into writer: inout BitWriter, stored: UnsafeBufferPointer<UInt8>, isFinal: Bool) {
        litLenFrequencies[256] += 1
        let litLenLengths = HuffmanCode.lengths(frequencies: litLenFrequencies, limit: 15)
        let distanceLengths = HuffmanCode.lengths(frequencies: distanceFrequencies, limit: 15)
        let header = DynamicHeader(litLen: litLenLengths, distance: distanceLengths)
        let dynamicBits = 3 + header.bits + dataBits(litLenLengths, distanceLengths)
        let fixedBits = 3 + dataBits(Self.fixedLitLenLengths, Self.fixedDistanceLengths)
        let chunks = max(1, (stored.count + 65534) / 65535)
        let padding = (8 - (writer.bitCount + 3) % 8) % 8
        let storedBits = 3 + padding + 32 + 8 * stored.count + (chunks - 1) * (3 + 7 + 32)
        let final: UInt32 = isFinal ? 1 : 0
        if storedBits <= min(dynamicBits, fixedBits) {
            var offset = 0
            for chunk in 0..<chunks {
                let size = min(65535, stored.count - offset)
                writer.write(chunk == chunks - 1 ? final : 0, 3)
                writer.alignToByte()
                writer.write(UInt32(size), 16)
                writer.write(UInt32(size ^ 0xFFFF), 16)
                writer.append(UnsafeBufferPointer(rebasing: stored[offset..<(offset + size)]))
                offset += size
            }
        } else if fixedBits <= dynamicBits {
            writer.write(final | 0b010, 3)
            writeSymbols(into: &writer, Self.fixedLitLenLengths, Self.fixedDistanceLengths)
        } else {
            writer.write(final | 0b100, 3)
            header.write(into: &writer)
            writeSymbols(into: &writer, litLenLengths, distanceLengths)
        }
    }

    private func dataBits(_ litLen: [UInt8], _ distance: [UInt8]) -> Int {
        var bits = 0
        for symbol in 0..<286 { bits += litLenFrequencies[symbol] * Int(litLen[symbol]) }
        for code in 0..<29 { bits += litLenFrequencies[257 + code] * Self.lengthExtra[code] }
        for code in 0..<30 { bits += distanceFrequencies[code] * (Int(distance[code]) + Self.distanceExtra(code)) }
        return bits
    }

    private func writeSymbols(into writer: inout BitWriter, _ litLenLengths: [UInt8], _ distanceLengths: [UInt8]) {
        let litLenCodes = HuffmanCode.codes(lengths: litLenLengths)
        let distanceCodes = HuffmanCode.codes(lengths: distanceLengths)
        for index in 0..<symbolCount {
            let symbol = symbols[index]
            if symbol & Self.matchFlag == 0 {
                writer.write(UInt32(litLenCodes[Int(symbol)]), Int(litLenLengths[Int(symbol)]))
                continue
            }
            let lengthMinus3 = Int(symbol >> 16 & 0xFF)
            let code = Int(Self.lengthCode[lengthMinus3])
            writer.write(UInt32(litLenCodes[257 + code]), Int(litLenLengths[257 + code]))
            writer.write(UInt32(lengthMinus3 + 3 - Self.lengthBase[code]), Self.lengthExtra[code])
            let distanceMinusOne = Int(symbol & 0xFFFF)
            let distanceCode = Self.distanceCode(distanceMinusOne)
            writer.write(UInt32(distanceCodes[distanceCode]), Int(distanceLengths[distanceCode]))
            let base = distanceCode < 4 ? distanceCode : (2 | distanceCode & 1) << (distanceCode / 2 - 1)
            writer.write(UInt32(distanceMinusOne - base), Self.distanceExtra(distanceCode))
        }
        writer.write(UInt32(litLenCodes[256]), Int(litLenLengths[256]))
    }
}

/// A dynamic block's header: the code lengths, run-length coded with symbols 16–18.
private struct DynamicHeader {
    var litLenCount: Int
    var distanceCount: Int
    /// Code-length symbols with their extra bits' value.
    var runs: [(symbol: Int, extra: Int)] = []
    var codeLengthLengths: [UInt8]
    var codeLengthCount: Int
    var bits: Int

    init(litLen: [UInt8], distance: [UInt8]) {
        litLenCount = max(257, (litLen.lastIndex { $0 != 0 } ?? 0) + 1)
        distanceCount = max(1, (distance.lastIndex { $0 != 0 } ?? 0) + 1)
        let lengths = Array(litLen[0..<litLenCount]) + Array(distance[0..<distanceCount])
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 {
                    let take = min(run, 138)
                    runs.append((18, take - 11))
                    run -= take
                }
                if run >= 3 {
                    runs.append((17, run - 3))
                    run = 0
                }
            } else {
                runs.append((Int(length), 0))
                run -= 1
                while run >= 3 {
                    let take = min(run, 6)
                    runs.append((16, take - 3))
                    run -= take
                }
            }
            for _ in 0..<run { runs.append((Int(length), 0)) }
        }
        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[run.symbol] += 1 }
        let codeLengthLengths = HuffmanCode.lengths(frequencies: frequencies, limit: 7)
        self.codeLengthLengths = codeLengthLengths
        let lastUsed = DeflateBlock.codeLengthOrder.lastIndex { codeLengthLengths[$0] != 0 } ?? 0
        codeLengthCount = max(4, lastUsed + 1)
        var bits = 5 + 5 + 4 + 3 * max(4, lastUsed + 1)
        for run in runs {
            bits += Int(codeLengthLengths[run.symbol]) + [16: 2, 17: 3, 18: 7][run.symbol, default: 0]
        }
        self.bits = bits
    }

    func write(into writer: inout BitWriter) {
        writer.write(UInt32(litLenCount - 257), 5)
        writer.write(UInt32(distanceCount - 1), 5)
        writer.write(UInt32(codeLengthCount - 4), 4)
        for index in 0..<codeLengthCount {
            writer.write(UInt32(codeLengthLengths[DeflateBlock.codeLengthOrder[index]]), 3)
        }
        let codes = HuffmanCode.codes(lengths: codeLengthLengths)
        for run in runs {
            writer.write(UInt32(codes[run.symbol]), Int(codeLengthLengths[run.symbol]))
            switch run.symbol {
            case 16: writer.write(UInt32(run.extra), 2)
            case 17: writer.write(UInt32(run.extra), 3)
            case 18: writer.write(UInt32(run.extra), 7)
            default: break
            }
        }
    }
}
