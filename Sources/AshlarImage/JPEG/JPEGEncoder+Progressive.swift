extension JPEGEncoder {
    /// The table a component's symbols use: 0 for luma, 1 for chroma.
    @inline(__always)
    static func table(ofComponent component: Int) -> Int { component == 0 ? 0 : 1 }

    /// Runs every coder of `coders` over the blocks `order` lists, a block at a time.
    static func codeBlocks(
        _ order: ArraySlice<Int>, coefficients: UnsafePointer<Int16>, masks: UnsafePointer<UInt64>, frame: Frame,
        with coders: inout [ProgressiveScanCoder]
    ) {
        coders.withUnsafeMutableBufferPointer { coders in
            // DC scans alone need no planes, nor to read the AC coefficients.
            let needsPlanes = coders.contains { !$0.scan.isDC }
            for index in order {
                let component = component(ofBlock: index, frame: frame)
                let dcTable = table(ofComponent: component)
                let planes = MagnitudePlanes(coefficients + index &* 64, mask: needsPlanes ? masks[index] : 0)
                for coder in coders.indices {
                    coders[coder].code(
                        block: index, coefficients: coefficients, planes: planes, component: component,
                        dcTable: dcTable)
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
    static func appendProgressiveScanHeader(_ scan: JPEGScanScript.Scan, to output: inout [UInt8]) {
        var payload: [UInt8] = [UInt8(scan.components.count)]
        for component in scan.components {
            let table = UInt8(table(ofComponent: component))
            payload += [UInt8(component + 1), scan.isDC ? table << 4 : table]
        }
        payload += [UInt8(scan.band.lowerBound), UInt8(scan.band.upperBound), UInt8(scan.high << 4 | scan.low)]
        appendSegment(0xDA, payload, to: &output)
    }
}
