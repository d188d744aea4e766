/// The state of one decode: the frame, the quantization tables latched for each component, the
/// block decoder, scratch memory and, for progressive or multi-scan images, every block's
/// coefficients (Int16, natural order). Its memory is in ``OwnedBuffer``s, freed with the last
/// copy.
struct JPEGDecodeContext {
    let frame: JPEGFrame
    let limits: ImageLimits
    private var blocks = JPEGBlockDecoder()
    /// 64 natural-order entries per component, set by the first scan that codes it.
    private let quantTables = OwnedBuffer<Int32>(repeating: 1, count: 4 * 64)
    private var quantLatched = [false, false, false, false]
    private let block = OwnedBuffer<Int16>(repeating: 0, count: 64)
    private let scratch = OwnedBuffer<Int32>(repeating: 0, count: 64)
    /// Per component: mcusX·h × mcusY·v blocks of 64 coefficients; nil until a scan needs them.
    private var store: [OwnedBuffer<Int16>?]

    private var quant: UnsafeMutablePointer<Int32> { quantTables.base }
    private var coef: UnsafeMutablePointer<Int16> { block.base }
    private var workspace: UnsafeMutablePointer<Int32> { scratch.base }

    init(frame: JPEGFrame, limits: ImageLimits) {
        self.frame = frame
        self.limits = limits
        store = Array(repeating: nil, count: frame.components.count)
    }

    private mutating func latchQuant(_ stream: JPEGStream, _ scan: JPEGStream.Scan) {
        for c in scan.components where !quantLatched[c] {
            // readScanHeader has checked that the table is defined.
            if let table = stream.quantTables[frame.components[c].quantTable] {
                for i in 0..<64 { quant[c * 64 + i] = table[i] }
            }
            quantLatched[c] = true
        }
    }

    /// One block of an interleaved MCU: its tables, predictor (by scan index) and place in the strip.
    private struct BlockJob {
        var scanIndex: Int
        var dc: JPEGHuffmanLookup
        var ac: JPEGHuffmanLookup
        var quant: UnsafeMutablePointer<Int32>
        var size: Int
        var stride: Int
        /// From the strip's start to this block in the first MCU; each MCU adds `mcuStep`.
        var offset: Int
        var mcuStep: Int
    }

    private struct ScanComponent {
        var index: Int
        /// Unused tables (a DC table in an AC scan) are an empty placeholder never read.
        var dc: JPEGHuffmanLookup
        var ac: JPEGHuffmanLookup
        var h: Int
        var v: Int
    }

    private func scanComponents(_ stream: JPEGStream, _ scan: JPEGStream.Scan) -> [ScanComponent] {
        scan.components.enumerated().map { i, c in
            ScanComponent(
                index: c, dc: (stream.dcTables[scan.dcTables[i]] ?? JPEGHuffmanTable.empty).lookup,
                ac: (stream.acTables[scan.acTables[i]] ?? JPEGHuffmanTable.empty).lookup,
                h: frame.components[c].h, v: frame.components[c].v)
        }
    }

    /// Decodes a sequential scan holding every component straight into the assembler's strips.
    mutating func decodeStreaming(
        _ stream: inout JPEGStream, scan: JPEGStream.Scan,
        into assembler: JPEGRowAssembler, warnings: inout [ImageWarning]
    ) {
        latchQuant(stream, scan)
        let components = scanComponents(stream, scan)
        let restartInterval = stream.restartInterval
        var missingFrom: Int?
        var restartProblems = 0
        let end = stream.bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var reader = JPEGBitReader(base, count: buffer.count, position: stream.position)
            var untilRestart = restartInterval
            var exhausted = false
            let plans = assembler.components
            // Every block of an interleaved MCU, in coding order, with where it goes.
            var jobList: [BlockJob] = []
            for (i, c) in components.enumerated() {
                let plan = plans[c.index]
                for by in 0..<c.v {
                    for bx in 0..<c.h {
                        jobList.append(
                            BlockJob(
                                scanIndex: i, dc: c.dc, ac: c.ac, quant: quant + c.index * 64,
                                size: plan.blockSize, stride: plan.stride,
                                offset: (by * plan.stride + bx) * plan.blockSize,
                                mcuStep: c.h * plan.blockSize))
                    }
                }
            }
            let jobCount = jobList.count
            let jobMemory = OwnedBuffer(jobList)
            let slotMemory = OwnedBuffer(repeating: assembler.slot(0, 0), count: 4)
            let predictorMemory = OwnedBuffer<Int32>(repeating: 0, count: 4)
            // The owners stay alive to the end of the closure, past the last use of their pointers.
            defer { withExtendedLifetime((jobMemory, slotMemory, predictorMemory)) {} }
            let jobs = jobMemory.base
            let slots = slotMemory.base
            let predictors = predictorMemory.base
            for k in 0..<assembler.imcuRows {
                if components.count == 1 {
                    let c = components[0]
                    let plan = plans[c.index]
                    let size = plan.blockSize
                    let slot = assembler.slot(c.index, k)
                    let columns = frame.blocksX(c.index)
                    let rows = min(c.v, frame.blocksY(c.index) - k * c.v)
                    for by in 0..<rows {
                        for bx in 0..<columns {
                            if restartInterval > 0 {
                                if untilRestart == 0 {
                                    if !reader.restart() { restartProblems += 1 }
                                    predictors[0] = 0
                                    untilRestart = restartInterval
                                }
                                untilRestart -= 1
                            }
                            let out = slot + by * size * plan.stride + bx * size
                            if exhausted {
                                Self.fillGrey(out, size: size, stride: plan.stride)
                                continue
                            }
                            Self.zero(coef)
                            blocks.sequential(&reader, dc: c.dc, ac: c.ac, predictor: &predictors[0], into: coef)
                            JPEGIDCT.transform(size: size, coef, quant + c.index * 64, out, plan.stride, workspace)
                            if reader.isExhausted {
                                exhausted = true
                                missingFrom = missingFrom ?? k
                            }
                        }
                    }
                } else {
                    for (i, c) in components.enumerated() { slots[i] = assembler.slot(c.index, k) }
                    for mx in 0..<frame.mcusX {
                        if restartInterval > 0 {
                            if untilRestart == 0 {
                                if !reader.restart() { restartProblems += 1 }
                                predictors.update(repeating: 0, count: 4)
                                untilRestart = restartInterval
                            }
                            untilRestart -= 1
                        }
                        for j in 0..<jobCount {
                            let job = jobs[j]
                            let out = slots[job.scanIndex] + job.offset + mx * job.mcuStep
                            if exhausted {
                                Self.fillGrey(out, size: job.size, stride: job.stride)
                                continue
                            }
                            Self.zero(coef)
                            blocks.sequential(
                                &reader, dc: job.dc, ac: job.ac, predictor: &predictors[job.scanIndex],
                                into: coef)
                            JPEGIDCT.transform(size: job.size, coef, job.quant, out, job.stride, workspace)
                        }
                        if !exhausted && reader.isExhausted {
                            exhausted = true
                            missingFrom = missingFrom ?? k
                        }
                    }
                }
                assembler.didFill(k)
            }
            if reader.badCodes > 0 { warnings.append(.corruptEntropyData(badCodes: reader.badCodes, scan: nil)) }
            return reader.resumePosition
        }
        stream.position = end
        if restartProblems > 0 {
            warnings.append(.missingRestartMarkers(count: restartProblems, scan: nil))
        }
        if let missingFrom {
            let first = missingFrom * assembler.outputRowsPerIMCU + 1
            warnings.append(.missingRows(first: first, height: assembler.outputHeight))
        }
    }

    /// Clears a block with eight 16-byte stores (a generic loop would cost ~100 instructions).
    @inline(__always)
    private static func zero(_ coef: UnsafeMutablePointer<Int16>) {
        let raw = UnsafeMutableRawPointer(coef)
        for i in 0..<8 { raw.storeBytes(of: SIMD8<Int16>(), toByteOffset: 16 * i, as: SIMD8<Int16>.self) }
    }

    private static func fillGrey(_ out: UnsafeMutablePointer<UInt8>, size: Int, stride: Int) {
        for r in 0..<size { (out + r * stride).update(repeating: 128, count: size) }
    }

    /// Decodes every scan into the coefficient store, up to the end of the image.
    mutating func decodeCoefficients(
        _ stream: inout JPEGStream, firstScan: JPEGStream.Scan,
        warnings: inout [ImageWarning]
    ) throws(ImageError) {
        for c in frame.components.indices {
            let count = frame.mcusX * frame.components[c].h * frame.mcusY * frame.components[c].v * 64
            store[c] = OwnedBuffer(repeating: 0, count: count)
        }
        var scan = firstScan
        var number = 1
        // Counted as decoded too, so the bound holds whatever the walk before the decode saw.
        var work = JPEGScanWork(limits: limits)
        while true {
            try work.add(scan, of: frame)
            latchQuant(stream, scan)
            let (complete, badCodes, restartProblems) = decodeScan(&stream, scan)
            if badCodes > 0 { warnings.append(.corruptEntropyData(badCodes: badCodes, scan: number)) }
            if restartProblems > 0 { warnings.append(.missingRestartMarkers(count: restartProblems, scan: number)) }
            guard complete else {
                warnings.append(.incompleteScan(number))
                return
            }
            do {
                guard let next = try stream.nextScan() else { return }
                scan = next
            } catch  where error.kind == .malformed {
                warnings.append(.damagedAfterScan(number, reason: error.message))
                return
            }
            number += 1
        }
    }

    private mutating func decodeScan(_ stream: inout JPEGStream, _ scan: JPEGStream.Scan)
        -> (complete: Bool, badCodes: Int, restartProblems: Int)
    {
        let components = scanComponents(stream, scan)
        let restartInterval = stream.restartInterval
        let progressive = frame.isProgressive
        let ss = scan.spectralStart
        let se = scan.spectralEnd
        let ah = scan.approxHigh
        let al = scan.approxLow
        var restartProblems = 0
        var exhausted = false
        blocks.eobRun = 0
        var blocks = self.blocks
        let stores = store
        let (end, badCodes) = stream.bytes.withUnsafeBufferPointer { buffer -> (Int, Int) in
            guard let base = buffer.baseAddress else { return (0, 0) }
            var reader = JPEGBitReader(base, count: buffer.count, position: stream.position)
            var predictors: [Int32] = [0, 0, 0, 0]
            var untilRestart = restartInterval

            func block(_ i: Int, _ c: ScanComponent, _ coef: UnsafeMutablePointer<Int16>) {
                if !progressive {
                    blocks.sequential(&reader, dc: c.dc, ac: c.ac, predictor: &predictors[i], into: coef)
                } else if ss == 0 {
                    if ah == 0 {
                        blocks.dcFirst(&reader, dc: c.dc, predictor: &predictors[i], shift: al, into: coef)
                    } else {
                        blocks.dcRefine(&reader, shift: al, into: coef)
                    }
                } else if ah == 0 {
                    blocks.acFirst(&reader, ac: c.ac, start: ss, end: se, shift: al, into: coef)
                } else {
                    blocks.acRefine(&reader, ac: c.ac, start: ss, end: se, shift: al, into: coef)
                }
            }
            func restartIfDue() {
                guard restartInterval > 0 else { return }
                if untilRestart == 0 {
                    if !reader.restart() { restartProblems += 1 }
                    predictors = [0, 0, 0, 0]
                    blocks.eobRun = 0
                    untilRestart = restartInterval
                }
                untilRestart -= 1
            }

            if components.count == 1 {
                let c = components[0]
                let storeWidth = frame.mcusX * c.h
                guard let s = stores[c.index]?.base else { return (reader.resumePosition, 0) }
                scanRows: for by in 0..<frame.blocksY(c.index) {
                    for bx in 0..<frame.blocksX(c.index) {
                        restartIfDue()
                        block(0, c, s + (by * storeWidth + bx) * 64)
                        if reader.isExhausted {
                            exhausted = true
                            break scanRows
                        }
                    }
                }
            } else {
                scanRows: for my in 0..<frame.mcusY {
                    for mx in 0..<frame.mcusX {
                        restartIfDue()
                        for (i, c) in components.enumerated() {
                            guard let s = stores[c.index]?.base else { continue }
                            let storeWidth = frame.mcusX * c.h
                            for by in 0..<c.v {
                                for bx in 0..<c.h {
                                    block(i, c, s + ((my * c.v + by) * storeWidth + mx * c.h + bx) * 64)
                                }
                            }
                        }
                        if reader.isExhausted {
                            exhausted = true
                            break scanRows
                        }
                    }
                }
            }
            return (reader.resumePosition, reader.badCodes)
        }
        self.blocks = blocks
        stream.position = end
        return (!exhausted, badCodes, restartProblems)
    }

    /// Runs the IDCT over the stored coefficients, one iMCU row at a time.
    func output(into assembler: JPEGRowAssembler) {
        for k in 0..<assembler.imcuRows {
            for (c, component) in frame.components.enumerated() {
                guard let s = store[c]?.base else { continue }
                let plan = assembler.components[c]
                let size = plan.blockSize
                let slot = assembler.slot(c, k)
                let storeWidth = frame.mcusX * component.h
                for by in 0..<component.v {
                    let row = s + (k * component.v + by) * storeWidth * 64
                    for bx in 0..<storeWidth {
                        JPEGIDCT.transform(
                            size: size, row + bx * 64, quant + c * 64,
                            slot + by * size * plan.stride + bx * size, plan.stride, workspace)
                    }
                }
            }
            assembler.didFill(k)
        }
    }
}
