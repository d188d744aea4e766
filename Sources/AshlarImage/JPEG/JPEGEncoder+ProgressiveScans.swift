extension JPEGEncoder {
    /// The scans of one progressive frame (T.81 Annex G), coded in two passes like libjpeg's
    /// `jcphuff.c`: a counting pass that tallies each scan's Huffman symbols, from which its tables
    /// are built, then a writing pass with those tables.
    ///
    /// Scans that visit the same blocks in the same order (every scan of one component, or scans
    /// of the same components) form a group and are coded side by side, each into its own buffer.
    /// The counting pass runs during the transform, on each row of MCUs as soon as it is quantised
    /// and still in cache (``count(mcuRow:coefficients:masks:)``); the writing pass reads each
    /// group's blocks once more (``append(_:to:)``). So the coefficients leave memory once per
    /// group, not twice per scan.
    struct ProgressiveScans {
        let frame: Frame
        let script: JPEGScanScript
        private var groups: [Group]

        /// Scans coding the same components, and the blocks they visit.
        private struct Group {
            /// Indices into the script's scans.
            var members: [Int]
            /// The blocks, as indices in MCU order, in the order the scans visit them.
            var order: [Int]
            /// Where each row of MCUs starts in `order` (one more entry than rows: the end).
            var rowStarts: [Int]
            /// One counting coder per member.
            var counters: [ProgressiveScanCoder]
        }

        init(frame: Frame, script: JPEGScanScript) {
            self.frame = frame
            self.script = script
            var members: [[Int]: [Int]] = [:]
            for (index, scan) in script.scans.enumerated() { members[scan.components, default: []].append(index) }
            let blocksPerRow = frame.mcuColumns * frame.blocksPerMCU
            groups = members.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }).map { components in
                let scans = members[components] ?? []
                let order =
                    components.count > 1
                    ? Array(0..<frame.blockCount) : blockIndices(component: components[0], frame: frame)
                // `order` visits rows of MCUs in turn, so each row's blocks are a run of it.
                var rowStarts = [Int](repeating: order.count, count: frame.mcuRows + 1)
                for position in order.indices.reversed() { rowStarts[order[position] / blocksPerRow] = position }
                for row in stride(from: frame.mcuRows - 1, through: 0, by: -1) {
                    rowStarts[row] = min(rowStarts[row], rowStarts[row + 1])
                }
                let counters = scans.map {
                    ProgressiveScanCoder(
                        script.scans[$0], table: table(ofComponent: script.scans[$0].components[0]), counting: true,
                        capacity: 0)
                }
                return Group(members: scans, order: order, rowStarts: rowStarts, counters: counters)
            }
        }

        /// The counting pass over row `mcuRow` of MCUs, whose blocks the transform has just
        /// quantised into `coefficients` and `masks` (the whole image's, in MCU order). Rows come
        /// in order.
        mutating func count(mcuRow: Int, coefficients: UnsafePointer<Int16>, masks: UnsafePointer<UInt64>) {
            for group in groups.indices {
                let rows = groups[group].rowStarts
                codeBlocks(
                    groups[group].order[rows[mcuRow]..<rows[mcuRow + 1]], coefficients: coefficients, masks: masks,
                    frame: frame, with: &groups[group].counters)
            }
        }

        /// Once every row is counted: for each scan, a DHT with Huffman tables built for its own
        /// symbols (none for a DC refinement, which codes bare bits), its SOS and its data. False,
        /// and `output` left as it is, when the coded data passed `allowance`.
        func append(_ blocks: QuantisedBlocks, to output: inout [UInt8], allowance: CodedByteAllowance?) -> Bool {
            var data = [[UInt8]](repeating: [], count: script.scans.count)
            var tables = [[(index: Int, table: HuffmanTable)]](repeating: [], count: script.scans.count)
            for group in groups {
                var writers: [ProgressiveScanCoder] = []
                for (member, counter) in zip(group.members, group.counters) {
                    var counter = counter
                    counter.finish()
                    let scan = script.scans[member]
                    if !(scan.isDC && scan.isRefinement) {
                        for index in Set(scan.components.map(table(ofComponent:))).sorted() {
                            let counts = counter.frequencies[index * 257..<index * 257 + 257]
                            tables[member].append((index, HuffmanTable(frequencies: counts)))
                        }
                    }
                    var writer = ProgressiveScanCoder(
                        scan, table: table(ofComponent: scan.components[0]), counting: false,
                        capacity: group.order.count * 8, allowance: allowance)
                    for (index, table) in tables[member] {
                        for symbol in 0..<256 { writer.codes[index * 256 + symbol] = table.codes[symbol] }
                    }
                    writers.append(writer)
                }
                blocks.coefficients.withUnsafeBufferPointer { coefficients in
                    blocks.masks.withUnsafeBufferPointer { masks in
                        guard let coefficients = coefficients.baseAddress, let masks = masks.baseAddress else { return }
                        codeBlocks(
                            group.order[...], coefficients: coefficients, masks: masks, frame: frame, with: &writers)
                    }
                }
                for (member, writer) in zip(group.members, writers) {
                    var writer = writer
                    writer.finish()
                    data[member] = writer.writer.finish()
                }
                if allowance?.isPassed(by: data.reduce(0) { $0 + $1.count }) == true { return false }
            }
            // Room for every scan at once (its data, and at most 1,000 bytes of DHT and SOS), so
            // that the file does not grow, and copy itself, scan by scan.
            output.reserveCapacity(output.count + data.reduce(0) { $0 + $1.count + 1_000 } + 2)
            for (index, scan) in script.scans.enumerated() {
                if !tables[index].isEmpty {
                    appendProgressiveHuffmanTables(tables[index], isAC: !scan.isDC, to: &output)
                }
                appendProgressiveScanHeader(scan, to: &output)
                output += data[index]
            }
            return true
        }
    }
}
