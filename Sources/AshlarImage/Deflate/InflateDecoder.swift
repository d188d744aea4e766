/// The block-by-block state of one ``Inflater/inflate(_:into:zlib:)`` call.
struct InflateDecoder {
    var reader: BitReader
    let output: UnsafeMutablePointer<UInt8>
    let capacity: Int
    /// Bytes written so far; never above `capacity`.
    var written = 0

    init(input: UnsafePointer<UInt8>, count: Int, start: Int, output: UnsafeMutablePointer<UInt8>, capacity: Int) {
        reader = BitReader(input, count: count, position: start)
        self.output = output
        self.capacity = capacity
    }

    private enum Step {
        case next
        case done(Inflater.Status)
    }

    mutating func run() -> Inflater.Result {
        let tableCount = InflateTable.litLenCapacity + InflateTable.distanceCapacity + InflateTable.codeLengthCapacity
        let tableMemory = OwnedBuffer<UInt32>(uninitializedCount: tableCount)
        let lengthMemory = OwnedBuffer<UInt8>(uninitializedCount: 320)
        let scratchMemory = OwnedBuffer<Int>(uninitializedCount: InflateTable.scratchCount)
        defer { withExtendedLifetime((tableMemory, lengthMemory, scratchMemory)) {} }
        let tables = tableMemory.base
        let workspace = Workspace(
            litLen: tables, distance: tables + InflateTable.litLenCapacity,
            codeLength: tables + InflateTable.litLenCapacity + InflateTable.distanceCapacity,
            lengths: lengthMemory.base, scratch: scratchMemory.base)
        while true {
            reader.refill()
            if reader.overrun { return finish(.truncated) }
            let isFinal = reader.take(1) == 1
            let step: Step
            switch reader.take(2) {
            case 0: step = copyStoredBlock()
            case 1: step = decodeFixedBlock(workspace)
            case 2: step = decodeDynamicBlock(workspace)
            default: step = .done(.malformed("deflate block type 3 is reserved"))
            }
            if case .done(let status) = step { return finish(status) }
            if isFinal { return finish(.complete) }
        }
    }

    private func finish(_ status: Inflater.Status) -> Inflater.Result {
        Inflater.Result(written: written, status: status)
    }

    private struct Workspace {
        let litLen: UnsafeMutablePointer<UInt32>
        let distance: UnsafeMutablePointer<UInt32>
        let codeLength: UnsafeMutablePointer<UInt32>
        let lengths: UnsafeMutablePointer<UInt8>
        let scratch: UnsafeMutablePointer<Int>
    }

    private mutating func copyStoredBlock() -> Step {
        reader.alignToByte()
        let at = reader.position
        guard at <= reader.count - 4 else { return .done(.truncated) }
        let base = reader.base
        let length = Int(base[at]) | Int(base[at + 1]) << 8
        let complement = Int(base[at + 2]) | Int(base[at + 3]) << 8
        guard length == complement ^ 0xFFFF else {
            return .done(.malformed("stored block length does not match its complement"))
        }
        let available = min(length, reader.count - at - 4)
        let room = capacity - written
        let copied = min(available, room)
        (output + written).update(from: base + at + 4, count: copied)
        written += copied
        reader.position = at + 4 + copied
        if copied < length { return .done(room < available ? .outputFull : .truncated) }
        return .next
    }

    private mutating func decodeFixedBlock(_ workspace: Workspace) -> Step {
        let lengths = workspace.lengths
        for symbol in 0..<288 {
            lengths[symbol] = symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8
        }
        (lengths + 288).initialize(repeating: 5, count: 32)
        return buildAndDecode(workspace, litLenCount: 288, distanceCount: 32)
    }

    private mutating func decodeDynamicBlock(_ workspace: Workspace) -> Step {
        reader.refill()
        let litLenCount = reader.take(5) + 257
        let distanceCount = reader.take(5) + 1
        let codeLengthCount = reader.take(4) + 4
        if litLenCount > 286 || distanceCount > 30 {
            return .done(.malformed("deflate block declares too many length or distance codes"))
        }
        let lengths = workspace.lengths
        lengths.initialize(repeating: 0, count: 19)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        for index in 0..<codeLengthCount {
            reader.refill()
            lengths[order[index]] = UInt8(reader.take(3))
        }
        if reader.overrun { return .done(.truncated) }
        let codeLengthProblem = InflateTable.codeLengthSymbols.withUnsafeBufferPointer { symbols in
            InflateTable.build(
                lengths: lengths, count: 19, symbols: symbols.baseAddress!, rootBits: InflateTable.codeLengthRootBits,
                into: workspace.codeLength, capacity: InflateTable.codeLengthCapacity, scratch: workspace.scratch)
        }
        if let codeLengthProblem { return .done(.malformed(codeLengthProblem)) }

        let total = litLenCount + distanceCount
        var index = 0
        while index < total {
            reader.refill()
            // The code-length code is at most 7 bits long, so the masked index is in its root table.
            let entry = workspace.codeLength[Int(truncatingIfNeeded: reader.buffer & 0x7F)]
            if InflateTable.kind(entry) == InflateTable.Kind.invalid.rawValue {
                return .done(.malformed("invalid code-length code"))
            }
            reader.drop(InflateTable.consume(entry))
            let symbol = InflateTable.value(entry)
            if symbol < 16 {
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            }
            var repeated: UInt8 = 0
            let times: Int
            switch symbol {
            case 16:
                guard index > 0 else { return .done(.malformed("deflate repeats a code length before the first")) }
                repeated = lengths[index - 1]
                times = 3 + reader.take(2)
            case 17: times = 3 + reader.take(3)
            default: times = 11 + reader.take(7)
            }
            guard index + times <= total else {
                return .done(.malformed("deflate code lengths run past the declared count"))
            }
            (lengths + index).update(repeating: repeated, count: times)
            index += times
        }
        if reader.overrun { return .done(.truncated) }
        if lengths[256] == 0 { return .done(.malformed("deflate block has no end-of-block code")) }
        // Distances follow the literal/lengths in `lengths`; move them to their fixed place.
        (lengths + 288).update(from: lengths + litLenCount, count: distanceCount)
        return buildAndDecode(workspace, litLenCount: litLenCount, distanceCount: distanceCount)
    }

    private mutating func buildAndDecode(_ workspace: Workspace, litLenCount: Int, distanceCount: Int) -> Step {
        let litLenProblem = InflateTable.litLenSymbols.withUnsafeBufferPointer { symbols in
            InflateTable.build(
                lengths: workspace.lengths, count: litLenCount, symbols: symbols.baseAddress!,
                rootBits: InflateTable.litLenRootBits, into: workspace.litLen,
                capacity: InflateTable.litLenCapacity, scratch: workspace.scratch)
        }
        if let litLenProblem { return .done(.malformed("literal/length code: " + litLenProblem)) }
        let distanceProblem = InflateTable.distanceSymbols.withUnsafeBufferPointer { symbols in
            InflateTable.build(
                lengths: workspace.lengths + 288, count: distanceCount, symbols: symbols.baseAddress!,
                rootBits: InflateTable.distanceRootBits, into: workspace.distance,
                capacity: InflateTable.distanceCapacity, scratch: workspace.scratch)
        }
        if let distanceProblem { return .done(.malformed("distance code: " + distanceProblem)) }
        return decodeSymbols(litLen: workspace.litLen, distance: workspace.distance)
    }

    /// The hot loop. Table indices are the buffer masked to the root size, or a pointer entry's
    /// offset plus the buffer masked to that second-level table's size, both in range by
    /// construction in ``InflateTable/build(lengths:count:symbols:rootBits:into:capacity:scratch:)``.
    private mutating func decodeSymbols(
        litLen: UnsafeMutablePointer<UInt32>, distance: UnsafeMutablePointer<UInt32>
    ) -> Step {
        let litLenMask = UInt64(1 << InflateTable.litLenRootBits - 1)
        let distanceMask = UInt64(1 << InflateTable.distanceRootBits - 1)
        let literal = InflateTable.Kind.literal.rawValue
        let length = InflateTable.Kind.length.rawValue
        let pointer = InflateTable.Kind.pointer.rawValue
        let endOfBlock = InflateTable.Kind.endOfBlock.rawValue
        var reader = self.reader
        var written = self.written
        let output = self.output
        let capacity = self.capacity
        defer {
            self.reader = reader
            self.written = written
        }
        while true {
            reader.refill()
            var entry = litLen[Int(truncatingIfNeeded: reader.buffer & litLenMask)]
            if InflateTable.kind(entry) == pointer {
                reader.drop(InflateTable.litLenRootBits)
                let mask = UInt64(1) &<< UInt64(InflateTable.extra(entry)) &- 1
                entry = litLen[InflateTable.value(entry) &+ Int(truncatingIfNeeded: reader.buffer & mask)]
            }
            reader.drop(InflateTable.consume(entry))
            let kind = InflateTable.kind(entry)
            if kind == literal {
                if reader.overrun { return .done(.truncated) }
                if written == capacity { return .done(.outputFull) }
                output[written] = UInt8(truncatingIfNeeded: entry >> 16)
                written &+= 1
                continue
            }
            if kind != length {
                if reader.overrun { return .done(.truncated) }
                if kind == endOfBlock { return .next }
                return .done(.malformed("invalid literal/length code"))
            }
            let count = InflateTable.value(entry) &+ reader.take(InflateTable.extra(entry))
            var distanceEntry = distance[Int(truncatingIfNeeded: reader.buffer & distanceMask)]
            if InflateTable.kind(distanceEntry) == pointer {
                reader.drop(InflateTable.distanceRootBits)
                let mask = UInt64(1) &<< UInt64(InflateTable.extra(distanceEntry)) &- 1
                let index = InflateTable.value(distanceEntry) &+ Int(truncatingIfNeeded: reader.buffer & mask)
                distanceEntry = distance[index]
            }
            reader.drop(InflateTable.consume(distanceEntry))
            if reader.overrun { return .done(.truncated) }
            if InflateTable.kind(distanceEntry) != length { return .done(.malformed("invalid distance code")) }
            let back = InflateTable.value(distanceEntry) &+ reader.take(InflateTable.extra(distanceEntry))
            if reader.overrun { return .done(.truncated) }
            if back > written { return .done(.malformed("distance \(back) reaches before the start of the data")) }
            let room = capacity &- written
            let destination = output + written
            let source = destination - back
            if count > room {
                for index in 0..<room { destination[index] = source[index] }
                written = capacity
                return .done(.outputFull)
            }
            if back >= 8 && count &+ 8 <= room {
                // Eight bytes at a time; each load lies before the store it feeds (back ≥ 8), and
                // the last store may run up to 7 bytes past `count`, inside the room checked above.
                var from = UnsafeMutableRawPointer(source)
                var to = UnsafeMutableRawPointer(destination)
                let end = to + count
                repeat {
                    to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                    from += 8
                    to += 8
                } while to < end
            } else if back == 1 {
                destination.update(repeating: source[0], count: count)
            } else {
                for index in 0..<count { destination[index] = source[index] }
            }
            written &+= count
        }
    }
}
