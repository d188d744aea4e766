@testable import AshlarImage

extension HEVCEntropyTestWalker {
    /// The state of a walk through one slice's coding tree units.
    struct Walk {
        let p: Parameters
        var decoder: HEVCEntropyDecoder
        /// Coding quadtree depth and luma intra mode per 4×4 block.
        var depth: [Int]
        var lumaMode: [Int]
        var chromaModes: [Int]
        let columns: Int
        var qpDeltaCoded = false
        var residualBlocks = 0
        var levels = [Int32](repeating: 0, count: 32 * 32)

        init(_ p: Parameters, _ decoder: HEVCEntropyDecoder) {
            self.p = p
            self.decoder = decoder
            columns = (p.width + 3) / 4
            depth = [Int](repeating: 0, count: columns * ((p.height + 3) / 4))
            lumaMode = [Int](repeating: 1, count: depth.count)
            chromaModes = lumaMode
        }

        func index(_ x: Int, _ y: Int) -> Int { (y >> 2) * columns + (x >> 2) }

        mutating func sao(rx: Int, ry: Int, luma: Bool, chroma: Bool) {
            guard luma || chroma else { return }
            if rx > 0 && decoder.decodeSAOMergeFlag() { return }
            if ry > 0 && decoder.decodeSAOMergeFlag() { return }
            var type = 0
            for cIdx in 0..<3 where cIdx == 0 ? luma : chroma {
                if cIdx < 2 { type = decoder.decodeSAOTypeIndex() }
                guard type != 0 else { continue }
                let offsets = (0..<4).map { _ in decoder.decodeSAOOffsetAbs(bitDepth: p.bitDepth) }
                if type == 1 {
                    for offset in offsets where offset != 0 { _ = decoder.decodeSAOOffsetSign() }
                    _ = decoder.decodeSAOBandPosition()
                } else if cIdx < 2 {
                    _ = decoder.decodeSAOEdgeOffsetClass()
                }
            }
        }

        mutating func codingQuadtree(_ x0: Int, _ y0: Int, _ log2: Int, _ cqtDepth: Int) throws {
            let size = 1 << log2
            var split = log2 > p.minCbLog2
            if x0 + size <= p.width && y0 + size <= p.height && log2 > p.minCbLog2 {
                split = decoder.decodeSplitCUFlag(
                    depth: cqtDepth, leftAvailable: x0 > 0, leftDepth: x0 > 0 ? depth[index(x0 - 1, y0)] : 0,
                    aboveAvailable: y0 > 0, aboveDepth: y0 > 0 ? depth[index(x0, y0 - 1)] : 0)
            }
            if p.cuQpDelta && log2 >= p.ctbLog2 - p.cuQpDeltaDepth { qpDeltaCoded = false }
            if split {
                let half = size / 2
                for (dx, dy) in [(0, 0), (half, 0), (0, half), (half, half)]
                where x0 + dx < p.width && y0 + dy < p.height {
                    try codingQuadtree(x0 + dx, y0 + dy, log2 - 1, cqtDepth + 1)
                }
                return
            }
            for y in stride(from: y0, to: min(y0 + size, p.height), by: 4) {
                for x in stride(from: x0, to: min(x0 + size, p.width), by: 4) { depth[index(x, y)] = cqtDepth }
            }
            try codingUnit(x0, y0, log2)
        }

        /// §8.4.2: the three most probable modes for the block at (x, y).
        func candidates(_ x: Int, _ y: Int) -> [Int] {
            let a = x > 0 ? lumaMode[index(x - 1, y)] : 1
            let aboveInCtb = y > 0 && (y - 1) >> p.ctbLog2 == y >> p.ctbLog2
            let b = aboveInCtb ? lumaMode[index(x, y - 1)] : 1
            if a == b {
                return a < 2 ? [0, 1, 26] : [a, 2 + ((a + 29) % 32), 2 + ((a - 2 + 1) % 32)]
            }
            let c = a != 0 && b != 0 ? 0 : (a != 1 && b != 1 ? 1 : 26)
            return [a, b, c]
        }

        mutating func codingUnit(_ x0: Int, _ y0: Int, _ log2: Int) throws {
            var bypass = false
            if p.transquantBypass { bypass = decoder.decodeCUTransquantBypassFlag() }
            var nxn = false
            if log2 == p.minCbLog2 { nxn = decoder.decodeIntraPartModeIsNxN() }
            let parts = nxn ? 4 : 1
            let half = (1 << log2) / 2
            let offsets = nxn ? [(0, 0), (half, 0), (0, half), (half, half)] : [(0, 0)]
            let flags = (0..<parts).map { _ in decoder.decodePrevIntraLumaPredFlag() }
            for (part, (dx, dy)) in offsets.enumerated() {
                let x = x0 + dx
                let y = y0 + dy
                let list = candidates(x, y)
                var mode: Int
                if flags[part] {
                    mode = list[decoder.decodeMPMIndex()]
                } else {
                    mode = decoder.decodeRemIntraLumaPredMode()
                    for candidate in list.sorted() where mode >= candidate { mode += 1 }
                }
                let size = nxn ? half : 2 * half
                for yy in stride(from: y, to: min(y + size, p.height), by: 4) {
                    for xx in stride(from: x, to: min(x + size, p.width), by: 4) { lumaMode[index(xx, yy)] = mode }
                }
            }
            // One chroma mode, or in 4:4:4 one per prediction block.
            let chromaBlocks = p.chroma == 3 ? offsets : [(0, 0)]
            let chromaSize = p.chroma == 3 && nxn ? half : 2 * half
            for (dx, dy) in chromaBlocks {
                let syntax = decoder.decodeIntraChromaPredMode()
                let luma = lumaMode[index(x0 + dx, y0 + dy)]
                var mode = luma
                if syntax != 4 {
                    mode = [0, 26, 10, 1][syntax]
                    if mode == luma { mode = 34 }
                }
                for yy in stride(from: y0 + dy, to: min(y0 + dy + chromaSize, p.height), by: 4) {
                    for xx in stride(from: x0 + dx, to: min(x0 + dx + chromaSize, p.width), by: 4) {
                        chromaModes[index(xx, yy)] = mode
                    }
                }
            }
            let context = (bypass: bypass, split: nxn)
            try transformTree(x0, y0, x0, y0, log2, 0, 0, (true, true), context)
        }

        static func scanIndex(_ mode: Int, _ log2: Int, luma: Bool, chroma444: Bool = false) -> Int {
            guard log2 == 2 || (log2 == 3 && (luma || chroma444)) else { return 0 }
            if (6...14).contains(mode) { return 2 }
            if (22...30).contains(mode) { return 1 }
            return 0
        }

        mutating func transformTree(
            _ x0: Int, _ y0: Int, _ xBase: Int, _ yBase: Int, _ log2: Int, _ trafoDepth: Int, _ blkIdx: Int,
            _ parent: (cb: Bool, cr: Bool), _ cu: (bypass: Bool, split: Bool)
        ) throws {
            let maxDepth = p.maxTrafoDepthIntra + (cu.split ? 1 : 0)
            var split: Bool
            if log2 <= p.maxTbLog2 && log2 > p.minTbLog2 && trafoDepth < maxDepth && !(cu.split && trafoDepth == 0) {
                split = decoder.decodeSplitTransformFlag(log2TrafoSize: log2)
            } else {
                split = log2 > p.maxTbLog2 || (cu.split && trafoDepth == 0)
            }
            var cbf = (cb: false, cr: false)
            if log2 > 2 || p.chroma == 3 {
                if trafoDepth == 0 || parent.cb { cbf.cb = decoder.decodeCBFChroma(trafoDepth: trafoDepth) }
                if trafoDepth == 0 || parent.cr { cbf.cr = decoder.decodeCBFChroma(trafoDepth: trafoDepth) }
            }
            if split {
                let half = 1 << (log2 - 1)
                for (i, (dx, dy)) in [(0, 0), (half, 0), (0, half), (half, half)].enumerated() {
                    try transformTree(x0 + dx, y0 + dy, x0, y0, log2 - 1, trafoDepth + 1, i, cbf, cu)
                }
                return
            }
            let cbfLuma = decoder.decodeCBFLuma(trafoDepth: trafoDepth)
            let chroma = log2 == 2 && p.chroma != 3 ? parent : cbf
            guard cbfLuma || chroma.cb || chroma.cr else { return }
            if p.cuQpDelta && !qpDeltaCoded {
                _ = try decoder.decodeCUQpDelta()
                qpDeltaCoded = true
            }
            let lumaScan = Self.scanIndex(lumaMode[index(x0, y0)], log2, luma: true)
            if cbfLuma { try residual(log2, 0, lumaScan, cu.bypass, lumaMode[index(x0, y0)]) }
            if log2 > 2 || p.chroma == 3 || blkIdx == 3 {
                let chromaLog2 = p.chroma == 3 ? log2 : max(log2 - 1, 2)
                let at = p.chroma != 3 && log2 == 2 ? index(xBase, yBase) : index(x0, y0)
                let mode = chromaModes[at]
                let scan = Self.scanIndex(mode, chromaLog2, luma: false, chroma444: p.chroma == 3)
                if chroma.cb { try residual(chromaLog2, 1, scan, cu.bypass, mode) }
                if chroma.cr { try residual(chromaLog2, 2, scan, cu.bypass, mode) }
            }
        }

        mutating func residual(_ log2: Int, _ component: Int, _ scan: Int, _ bypass: Bool, _ mode: Int) throws {
            let block = HEVCResidualBlock(
                log2Size: log2, component: component, scanIndex: scan, transquantBypass: bypass, predModeIntra: mode)
            _ = try levels.withUnsafeMutableBufferPointer { buffer in try decoder.decodeResidual(block, into: buffer) }
            residualBlocks += 1
        }
    }
}
