/// Decodes the Huffman-coded coefficients of one 8×8 block (T.81 F.2.2 and G.1.2) into natural
/// order. `natural` has 80 entries: positions past 63 map to 63, so a damaged run that overshoots
/// the block writes into its last coefficient rather than outside it.
struct JPEGBlockDecoder {
    /// One table for every decoder, never freed (a `static let`), so a copy of the decoder is free.
    private static let naturalTable = OwnedBuffer((0..<80).map { $0 < 64 ? JPEGZigzag.natural[$0] : 63 })

    let natural = Self.naturalTable.base
    /// Blocks left in the current end-of-band run (progressive AC scans).
    var eobRun = 0

    /// A whole block of a sequential scan. `coef` must be zero on entry.
    @inline(__always)
    func sequential(
        _ reader: inout JPEGBitReader, dc: JPEGHuffmanLookup, ac: JPEGHuffmanLookup,
        predictor: inout Int32, into coef: UnsafeMutablePointer<Int16>
    ) {
        reader.ensure(32)
        let s = reader.decode(dc)
        predictor = predictor &+ reader.receiveExtend(s & 15)
        coef[0] = Int16(truncatingIfNeeded: predictor)
        var k = 1
        while k < 64 {
            reader.ensure(32)
            let fast = reader.peekAC(ac)
            if fast != 0 {
                k += Int((fast >> 8) & 0xFF)
                reader.skip(Int(fast & 0xFF))
                coef[natural[k]] = Int16(truncatingIfNeeded: fast >> 16)
                k += 1
                continue
            }
            let rs = reader.decode(ac)
            let r = rs >> 4
            let s = rs & 15
            if s == 0 {
                if r != 15 { break }
                k += 16
                continue
            }
            k += r
            coef[natural[k]] = Int16(truncatingIfNeeded: reader.receiveExtend(s))
            k += 1
        }
    }

    @inline(__always)
    func dcFirst(
        _ reader: inout JPEGBitReader, dc: JPEGHuffmanLookup, predictor: inout Int32,
        shift: Int, into coef: UnsafeMutablePointer<Int16>
    ) {
        reader.ensure(32)
        let s = reader.decode(dc)
        predictor = predictor &+ reader.receiveExtend(s & 15)
        coef[0] = Int16(truncatingIfNeeded: predictor &<< Int32(shift))
    }

    @inline(__always)
    func dcRefine(_ reader: inout JPEGBitReader, shift: Int, into coef: UnsafeMutablePointer<Int16>) {
        reader.ensure(1)
        if reader.bit() { coef[0] |= Int16(truncatingIfNeeded: 1 << shift) }
    }

    mutating func acFirst(
        _ reader: inout JPEGBitReader, ac: JPEGHuffmanLookup, start: Int, end: Int,
        shift: Int, into coef: UnsafeMutablePointer<Int16>
    ) {
        if eobRun > 0 {
            eobRun -= 1
            return
        }
        var k = start
        while k <= end {
            reader.ensure(32)
            let rs = reader.decode(ac)
            let r = rs >> 4
            let s = rs & 15
            if s == 0 {
                if r < 15 {
                    eobRun = 1 << r
                    if r > 0 { eobRun += Int(reader.bits(r)) }
                    eobRun -= 1
                    break
                }
                k += 16
                continue
            }
            k += r
            coef[natural[k]] = Int16(truncatingIfNeeded: reader.receiveExtend(s) &<< Int32(shift))
            k += 1
        }
    }

    mutating func acRefine(
        _ reader: inout JPEGBitReader, ac: JPEGHuffmanLookup, start: Int, end: Int,
        shift: Int, into coef: UnsafeMutablePointer<Int16>
    ) {
        let plus = Int16(truncatingIfNeeded: 1 << shift)
        let minus = Int16(truncatingIfNeeded: -1 << shift)
        var k = start
        // Corrects one already-nonzero coefficient with the next bit of the scan.
        @inline(__always) func refine(_ p: UnsafeMutablePointer<Int16>) {
            reader.ensure(1)
            if reader.bit() && p.pointee & plus == 0 {
                p.pointee = p.pointee >= 0 ? p.pointee &+ plus : p.pointee &+ minus
            }
        }
        if eobRun == 0 {
            while k <= end {
                reader.ensure(32)
                let rs = reader.decode(ac)
                var r = rs >> 4
                let s = rs & 15
                var value: Int16 = 0
                if s != 0 {
                    value = reader.bit() ? plus : minus
                } else if r != 15 {
                    eobRun = 1 << r
                    if r > 0 { eobRun += Int(reader.bits(r)) }
                    break
                }
                // Skip r zero coefficients (refining the nonzero ones passed), then place the new one.
                while k <= end {
                    let p = coef + natural[k]
                    if p.pointee != 0 {
                        refine(p)
                    } else {
                        if r == 0 { break }
                        r -= 1
                    }
                    k += 1
                }
                if value != 0 && k <= end { coef[natural[k]] = value }
                k += 1
            }
        }
        if eobRun > 0 {
            while k <= end {
                let p = coef + natural[k]
                if p.pointee != 0 { refine(p) }
                k += 1
            }
            eobRun -= 1
        }
    }
}
