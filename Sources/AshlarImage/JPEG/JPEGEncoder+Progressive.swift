extension JPEGEncoder {
    /// Writes the scans of a progressive frame (T.81 Annex G) from the same quantised blocks a
    /// sequential file codes: for each scan of `script`, a DHT with Huffman tables built for that
    /// scan's own symbols (none for a DC refinement, which codes bare bits), its SOS and its data.
    ///
    /// The scans that visit the same blocks in the same order (every scan of one component, or
    /// scans of the same components) are coded side by side, each into its own buffer, in one
    /// counting pass and one writing pass over those blocks: the coefficients are read from memory
    /// twice per group rather than twice per scan.
    static func appendProgressiveScans(
        _ blocks: QuantisedBlocks, frame: Frame, script: JPEGScanScript, to output: inout [UInt8]
    ) {
        let interleaved = (0..<frame.blockCount).map { component(ofBlock: $0, frame: frame) }
        // DC scans use table 0 for luma and 1 for chroma; an AC scan codes one component.
        let tableOf: (Int) -> Int = { $0 == 0 ? 0 : 1 }
        var groups: [[Int]: [Int]] = [:]
        for (index, scan) in script.scans.enumerated() { groups[scan.components, default: []].append(index) }
        var data = [[UInt8]](repeating: [], count: script.scans.count)
        var tables = [[(index: Int, table: HuffmanTable)]](repeating: [], count: script.scans.count)
        for components in groups.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let members = groups[components] ?? []
            let order =
                components.count > 1
                ? Array(0..<frame.blockCount) : blockIndices(component: components[0], frame: frame)
            var counters = members.map {
                ProgressiveScanCoder(
                    script.scans[$0], table: tableOf(script.scans[$0].components[0]), counting: true, capacity: 0)
            }
            codeBlocks(blocks, order: order, components: interleaved, tableOf: tableOf, with: &counters)
            var writers: [ProgressiveScanCoder] = []
            for (member, counter) in zip(members, counters) {
                let scan = script.scans[member]
                if !(scan.isDC && scan.isRefinement) {
                    for index in Set(scan.components.map(tableOf)).sorted() {
                        let counts = counter.frequencies[index * 257..<index * 257 + 257]
                        tables[member].append((index, HuffmanTable(frequencies: counts)))
                    }
                }
                var writer = ProgressiveScanCoder(
                    scan, table: tableOf(scan.components[0]), counting: false, capacity: order.count * 8)
                for (index, table) in tables[member] {
                    for symbol in 0..<256 { writer.codes[index * 256 + symbol] = table.codes[symbol] }
                }
                writers.append(writer)
            }
            codeBlocks(blocks, order: order, components: interleaved, tableOf: tableOf, with: &writers)
            for (member, writer) in zip(members, writers) {
                var writer = writer
                data[member] = writer.writer.finish()
            }
        }
        for (index, scan) in script.scans.enumerated() {
            if !tables[index].isEmpty {
                appendProgressiveHuffmanTables(tables[index], isAC: !scan.isDC, to: &output)
            }
            appendProgressiveScanHeader(scan, tableOf: tableOf, to: &output)
            output += data[index]
        }
    }

    /// Runs every coder of `coders` over the blocks `order` lists, a block at a time, then
    /// finishes each.
    private static func codeBlocks(
        _ blocks: QuantisedBlocks, order: [Int], components: [Int], tableOf: (Int) -> Int,
        with coders: inout [ProgressiveScanCoder]
    ) {
        blocks.coefficients.withUnsafeBufferPointer { coefficientBuffer in
            blocks.masks.withUnsafeBufferPointer { masks in
                coders.withUnsafeMutableBufferPointer { coders in
                    guard let coefficients = coefficientBuffer.baseAddress else { return }
                    for index in order {
                        let component = components[index]
                        let dcTable = tableOf(component)
                        let mask = masks[index]
                        for coder in coders.indices {
                            coders[coder].code(
                                block: index, coefficients: coefficients, mask: mask, component: component,
                                dcTable: dcTable)
                        }
                    }
                    for coder in coders.indices { coders[coder].finish() }
                }
            }
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
