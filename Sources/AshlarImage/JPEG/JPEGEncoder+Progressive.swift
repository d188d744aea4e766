extension JPEGEncoder {
    /// Writes the scans of a progressive frame (T.81 Annex G) from the same quantised blocks a
    /// sequential file codes: for each scan of `script`, a DHT with Huffman tables built for that
    /// scan's own symbols (none for a DC refinement, which codes bare bits), its SOS and its data.
    static func appendProgressiveScans(
        _ blocks: QuantisedBlocks, frame: Frame, script: JPEGScanScript, to output: inout [UInt8]
    ) {
        let grids = (0..<frame.components).map { blockIndices(component: $0, frame: frame) }
        let interleaved = (0..<frame.blockCount).map { component(ofBlock: $0, frame: frame) }
        for scan in script.scans {
            let order: [Int]
            if scan.components.count > 1 {
                order = Array(0..<frame.blockCount)
            } else {
                order = grids[scan.components[0]]
            }
            // DC scans use table 0 for luma and 1 for chroma; an AC scan codes one component.
            let tableOf: (Int) -> Int = { $0 == 0 ? 0 : 1 }
            var coder = ProgressiveScanCoder(counting: true, capacity: 0)
            blocks.coefficients.withUnsafeBufferPointer { coefficients in
                blocks.masks.withUnsafeBufferPointer { masks in
                    coder.code(
                        scan, coefficients: coefficients, masks: masks, order: order, components: interleaved,
                        tableOf: tableOf)
                }
            }
            var tables: [(index: Int, table: HuffmanTable)] = []
            if !(scan.isDC && scan.isRefinement) {
                let used = Set(scan.components.map(tableOf)).sorted()
                for index in used {
                    tables.append(
                        (index, HuffmanTable(frequencies: coder.frequencies[index * 257..<index * 257 + 257])))
                }
                appendProgressiveHuffmanTables(tables, isAC: !scan.isDC, to: &output)
            }
            appendProgressiveScanHeader(scan, tableOf: tableOf, to: &output)
            var writer = ProgressiveScanCoder(counting: false, capacity: order.count * 8)
            for (index, table) in tables {
                for symbol in 0..<256 { writer.codes[index * 256 + symbol] = table.codes[symbol] }
            }
            blocks.coefficients.withUnsafeBufferPointer { coefficients in
                blocks.masks.withUnsafeBufferPointer { masks in
                    writer.code(
                        scan, coefficients: coefficients, masks: masks, order: order, components: interleaved,
                        tableOf: tableOf)
                }
            }
            output += writer.writer.finish()
        }
    }

    /// The component (0 Y, 1 Cb, 2 Cr) of the block at `index` in MCU order.
    static func component(ofBlock index: Int, frame: Frame) -> Int {
        let position = index % frame.blocksPerMCU
        return position < frame.lumaBlocksPerMCU ? 0 : position - frame.lumaBlocksPerMCU + 1
    }

    /// The blocks a non-interleaved scan of `component` visits, as indices in MCU order: the
    /// component's own grid of ⌈width × H / Hmax / 8⌉ × ⌈height × V / Vmax / 8⌉ blocks in raster
    /// order (T.81 A.2.2), without the blocks that only pad MCUs.
    static func blockIndices(component: Int, frame: Frame) -> [Int] {
        let factor = frame.factor
        let sampling = component == 0 ? factor : 1
        let columns = ((frame.width * sampling + factor - 1) / factor + 7) / 8
        let rows = ((frame.height * sampling + factor - 1) / factor + 7) / 8
        var indices: [Int] = []
        indices.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let mcu = (row / sampling) * frame.mcuColumns + column / sampling
                let within =
                    component == 0
                    ? (row % sampling) * sampling + column % sampling : frame.lumaBlocksPerMCU + component - 1
                indices.append(mcu * frame.blocksPerMCU + within)
            }
        }
        return indices
    }

    /// One DHT segment with the tables of one scan: class 0 (DC) or 1 (AC), at their destinations.
    static func appendProgressiveHuffmanTables(
        _ tables: [(index: Int, table: HuffmanTable)], isAC: Bool, to output: inout [UInt8]
    ) {
        var payload: [UInt8] = []
        for (index, table) in tables {
            payload.append(UInt8((isAC ? 1 : 0) << 4 | index))
            payload += table.counts
            payload += table.symbols
        }
        appendSegment(0xC4, payload, to: &output)
    }

    /// SOS for one scan of a progressive frame: its components with their tables, `Ss`, `Se`,
    /// `Ah` and `Al`.
    static func appendProgressiveScanHeader(
        _ scan: JPEGScanScript.Scan, tableOf: (Int) -> Int, to output: inout [UInt8]
    ) {
        var payload: [UInt8] = [UInt8(scan.components.count)]
        for component in scan.components {
            let table = UInt8(tableOf(component))
            payload += [UInt8(component + 1), scan.isDC ? table << 4 : table]
        }
        payload += [UInt8(scan.band.lowerBound), UInt8(scan.band.upperBound), UInt8(scan.high << 4 | scan.low)]
        appendSegment(0xDA, payload, to: &output)
    }
}
