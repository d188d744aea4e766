extension JPEGEncoder {
    /// Codes one scan of a progressive frame (T.81 G.1.2) a block at a time, in two passes like
    /// libjpeg's `jcphuff.c`: a counting pass that only tallies the Huffman symbols, from which the
    /// scan's tables are built, then a writing pass with those tables. Both passes take the same
    /// decisions, so every symbol written has a code. Taking a block at a time lets the scans of
    /// one component share one pass over its blocks.
    struct ProgressiveScanCoder {
        /// libjpeg's limit on buffered correction bits (`MAX_CORR_BITS`): a refinement scan flushes
        /// its end-of-band run before a block could take the buffer past it.
        static let correctionBitLimit = 1000
        /// The longest end-of-band run EOBn can state (n ≤ 14).
        static let longestRun = 0x7FFF

        let counting: Bool
        /// 257 counts for each of tables 0 and 1.
        var frequencies = [Int](repeating: 0, count: 2 * 257)
        /// `code << 8 | length` for each symbol of tables 0 and 1.
        var codes = [UInt32](repeating: 0, count: 2 * 256)
        var writer: BitWriter
        /// Blocks whose band ended in zeros, not yet coded (EOBRUN).
        private var run = 0
        /// Correction bits of the blocks in `run`, sent after its EOB symbol (BE in G.1.2.3): one
        /// entry per block, its bits and their count.
        private var pendingBits: [(bits: UInt64, count: Int)] = []
        private var pendingCount = 0
        /// Correction bits of the current block not yet sent (BR), at most 63.
        private var blockBits: UInt64 = 0
        private var blockCount = 0
        /// The AC table of the scan.
        private let table: Int

        /// The scan this coder codes.
        let scan: JPEGScanScript.Scan
        /// Bits `Ss`...`Se` of a block's mask.
        private let band: UInt64
        /// `1 << Al`: the least magnitude a first scan codes as non-zero.
        private let threshold: Int32
        /// The DC prediction of each component (the previous block's DC, shifted by `Al`).
        private var previous: (Int32, Int32, Int32) = (0, 0, 0)

        /// A coder of `scan` whose AC symbols use Huffman table `table`.
        init(
            _ scan: JPEGScanScript.Scan, table: Int, counting: Bool, capacity: Int,
            allowance: CodedByteAllowance? = nil
        ) {
            self.scan = scan
            self.table = table
            self.counting = counting
            band = ~UInt64(0) >> UInt64(63 - scan.band.upperBound) & ~((1 << UInt64(scan.band.lowerBound)) - 1)
            threshold = Int32(1) << Int32(scan.low)
            writer = BitWriter(capacity: counting ? 0 : capacity, allowance: counting ? nil : allowance)
            pendingBits.reserveCapacity(Self.correctionBitLimit)
        }

        /// Codes the block at `index` (in MCU order) of component `component`, whose DC symbols
        /// use table `dcTable`. `coefficients` holds every block's 64 coefficients; `planes` are
        /// the block's ``MagnitudePlanes``. Blocks come in the scan's order.
        @inline(__always)
        mutating func code(
            block index: Int, coefficients: UnsafePointer<Int16>, planes: MagnitudePlanes, component: Int,
            dcTable: Int
        ) {
            let block = coefficients + index &* 64
            if scan.isDC {
                let value = Int32(block[0])
                if scan.isRefinement {
                    bits(UInt64(truncatingIfNeeded: value >> Int32(scan.low)) & 1, length: 1)
                    return
                }
                let shifted = value >> Int32(scan.low)
                let prediction: Int32
                switch component {
                case 0:
                    prediction = previous.0
                    previous.0 = shifted
                case 1:
                    prediction = previous.1
                    previous.1 = shifted
                default:
                    prediction = previous.2
                    previous.2 = shifted
                }
                let difference = shifted &- prediction
                let size = category(Int32(difference.magnitude))
                symbol(Int(size), table: dcTable)
                signed(difference, size: size)
                return
            }
            var nonZero = planes.atLeast(bit: scan.low) & band
            if scan.low > MagnitudePlanes.highestBit {
                var remaining = nonZero
                while remaining != 0 {
                    let k = remaining.trailingZeroBitCount
                    remaining &= remaining - 1
                    if Int32(block[k]).magnitude < threshold { nonZero &= ~(1 << UInt64(k)) }
                }
            }
            if scan.isRefinement {
                // The coefficients this scan makes non-zero: bit `Al` is their highest.
                var newlyNonZero: UInt64
                if scan.low < MagnitudePlanes.highestBit {
                    newlyNonZero = nonZero & ~planes.atLeast(bit: scan.low + 1)
                } else {
                    newlyNonZero = 0
                    var remaining = nonZero
                    while remaining != 0 {
                        let k = remaining.trailingZeroBitCount
                        remaining &= remaining - 1
                        if Int32(block[k]).magnitude >> UInt32(scan.low) == 1 { newlyNonZero |= 1 << UInt64(k) }
                    }
                }
                let last = newlyNonZero == 0 ? 0 : 63 - newlyNonZero.leadingZeroBitCount
                refine(block, nonZero: nonZero, last: last, band: scan.band, low: scan.low)
            } else {
                first(block, nonZero: nonZero, band: scan.band, low: scan.low)
            }
        }

        /// Codes what the last blocks left pending: an AC scan's end-of-band run.
        mutating func finish() {
            if !scan.isDC { flushRun() }
        }

        /// The first scan of an AC band (G.1.2.2): each coefficient's magnitude above bit `low`,
        /// runs of zero bands coded as EOBn. `nonZero` has bit `k` set for the coefficients of
        /// the band whose magnitude is at least `1 << low`.
        private mutating func first(_ block: UnsafePointer<Int16>, nonZero: UInt64, band: ClosedRange<Int>, low: Int) {
            var remaining = nonZero
            var previous = band.lowerBound - 1
            while remaining != 0 {
                let k = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                let coefficient = Int32(block[k])
                let magnitude = Int32(coefficient.magnitude) >> Int32(low)
                var zeros = k - previous - 1
                previous = k
                flushRun()
                while zeros > 15 {
                    symbol(0xF0, table: table)
                    zeros -= 16
                }
                let size = category(magnitude)
                symbol(zeros << 4 | Int(size), table: table)
                signed(coefficient < 0 ? -magnitude : magnitude, size: size)
            }
            if previous < band.upperBound {
                run += 1
                if run == Self.longestRun { flushRun() }
            }
        }

        /// A refinement scan of an AC band (G.1.2.3): bit `low` of every coefficient. Those that
        /// become non-zero are coded like a first scan with size 1 and their sign; those already
        /// non-zero give a bare correction bit, sent after the next symbol. Zero runs count only
        /// the coefficients still zero.
        /// `last` is the highest coefficient that becomes non-zero (0: none).
        private mutating func refine(
            _ block: UnsafePointer<Int16>, nonZero: UInt64, last: Int, band: ClosedRange<Int>, low: Int
        ) {
            blockBits = 0
            blockCount = 0
            var remaining = nonZero
            var previous = band.lowerBound - 1
            var zeros = 0
            while remaining != 0 {
                let k = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                let magnitude = Int32(block[k]).magnitude >> UInt32(low)
                zeros += k - previous - 1
                previous = k
                // A run of 16 zeros past the last newly non-zero coefficient goes into the EOB.
                while zeros > 15 && k <= last {
                    flushRun()
                    symbol(0xF0, table: table)
                    zeros -= 16
                    sendBlockBits()
                }
                if magnitude > 1 {
                    blockBits = blockBits << 1 | UInt64(magnitude & 1)
                    blockCount += 1
                    continue
                }
                flushRun()
                symbol(zeros << 4 | 1, table: table)
                bits(block[k] < 0 ? 0 : 1, length: 1)
                sendBlockBits()
                zeros = 0
            }
            zeros += band.upperBound - previous
            if zeros > 0 || blockCount > 0 {
                run += 1
                if blockCount > 0 {
                    pendingBits.append((blockBits, blockCount))
                    pendingCount += blockCount
                }
                if run == Self.longestRun || pendingCount > Self.correctionBitLimit - 63 { flushRun() }
            }
        }

        /// Codes the pending end-of-band run, if any, and the correction bits it carries.
        private mutating func flushRun() {
            guard run > 0 else { return }
            let size = Int(category(Int32(run))) - 1
            symbol(size << 4, table: table)
            bits(UInt64(run) & ((1 << UInt64(size)) - 1), length: size)
            run = 0
            guard pendingCount > 0 else { return }
            for (bits, count) in pendingBits { send(bits, count: count) }
            pendingBits.removeAll(keepingCapacity: true)
            pendingCount = 0
        }

        private mutating func sendBlockBits() {
            guard blockCount > 0 else { return }
            send(blockBits, count: blockCount)
            blockBits = 0
            blockCount = 0
        }

        /// The low `count` bits of `value` (up to 64), the writer taking at most 32 at a time.
        @inline(__always)
        private mutating func send(_ value: UInt64, count: Int) {
            if count > 32 {
                bits(value >> 32 & (1 << UInt64(count - 32) - 1), length: count - 32)
                bits(value & 0xFFFF_FFFF, length: 32)
            } else {
                bits(value & (1 << UInt64(count) - 1), length: count)
            }
        }

        @inline(__always)
        private mutating func symbol(_ symbol: Int, table: Int) {
            if counting {
                frequencies[table * 257 + symbol] += 1
            } else {
                let entry = codes[table * 256 + symbol]
                writer.write(UInt64(entry >> 8), length: Int(entry & 0xFF))
            }
        }

        /// The low `size` bits of `value`, one's complement when negative (F.1.2.1.1).
        @inline(__always)
        private mutating func signed(_ value: Int32, size: Int32) {
            guard !counting else { return }
            writer.write(entry: 0, size: size, value: value)
        }

        @inline(__always)
        private mutating func bits(_ value: UInt64, length: Int) {
            guard !counting, length > 0 else { return }
            writer.write(value, length: length)
        }
    }
}
