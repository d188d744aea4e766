/// Sample adaptive offset (H.265 §8.7.3): reads the deblocked picture and writes a new one, so
/// every edge-offset decision sees unmodified neighbours.
package enum HEVCSAOFilter {
    /// (hPos, vPos) of the two neighbours for SaoEoClass 0...3 (Table 8-13).
    static let neighbours: [((Int, Int), (Int, Int))] = [
        ((-1, 0), (1, 0)), ((0, -1), (0, 1)), ((-1, -1), (1, 1)), ((1, -1), (-1, 1)),
    ]

    /// The SAO-filtered copy of `picture`. `unfiltered` (pcm with pcm_loop_filter_disabled_flag,
    /// cu_transquant_bypass_flag) comes from the deblocking map; a map of another size than the
    /// picture returns the picture unchanged.
    package static func apply(
        to picture: HEVCPicture, map: HEVCSAOMap, unfiltered: HEVCDeblockingMap? = nil
    ) -> HEVCPicture {
        guard let luma = picture.planes.first else { return picture }
        let ctb = 1 << map.ctbLog2Size
        guard map.columns == (luma.width + ctb - 1) / ctb, map.rows == (luma.height + ctb - 1) / ctb else {
            return picture
        }
        var output = picture
        for component in picture.planes.indices {
            let (subWidth, subHeight) =
                component == 0 ? (1, 1) : HEVCPicture.subsampling(chromaArrayType: picture.chromaArrayType)
            let context = PlaneContext(
                map: map, unfiltered: unfiltered, component: component, ctbWidth: ctb / subWidth,
                ctbHeight: ctb / subHeight, subWidth: subWidth, subHeight: subHeight,
                bitDepth: picture.bitDepth(component: component))
            filter(picture.planes[component], into: &output.planes[component], context: context)
        }
        return output
    }

    struct PlaneContext {
        var map: HEVCSAOMap
        var unfiltered: HEVCDeblockingMap?
        var component: Int
        var ctbWidth: Int
        var ctbHeight: Int
        var subWidth: Int
        var subHeight: Int
        var bitDepth: Int

        func ctbIndex(x: Int, y: Int) -> Int {
            min(y / ctbHeight, map.rows - 1) * map.columns + min(x / ctbWidth, map.columns - 1)
        }

        /// Whether the neighbour at (nx, ny) may be used by the sample in CTB `current`.
        func usable(nx: Int, ny: Int, width: Int, height: Int, current: Int) -> Bool {
            guard nx >= 0, ny >= 0, nx < width, ny < height else { return false }
            let other = ctbIndex(x: nx, y: ny)
            guard other != current else { return true }
            let here = map.sliceAddress[current]
            let there = map.sliceAddress[other]
            if there < here, !map.acrossSlices[current] { return false }
            if here < there, !map.acrossSlices[other] { return false }
            if !map.acrossTiles, map.tile[current] != map.tile[other] { return false }
            return true
        }
    }

    /// Filters `input` into `output` (a copy of it) CTB by CTB: each CTB's parameters are looked
    /// up once; a neighbour is checked against slices, tiles and the picture's edge only on the
    /// CTB's border rows and columns, where it can lie in another CTB.
    static func filter(_ input: HEVCPlane, into output: inout HEVCPlane, context: PlaneContext) {
        let width = input.width
        let height = input.height
        let maximum = (Int32(1) << Int32(min(max(context.bitDepth, 8), 16))) - 1
        let bandShift = Int32(min(max(context.bitDepth, 8), 16) - 5)
        let checksUnfiltered = context.unfiltered?.unfiltered.contains(true) ?? false
        input.samples.withUnsafeBufferPointer { source in
            output.samples.withUnsafeMutableBufferPointer { target in
                for row in 0..<context.map.rows {
                    for column in 0..<context.map.columns {
                        let current = row * context.map.columns + column
                        let parameters = context.map.parameters[current]
                        guard context.component < parameters.count else { continue }
                        let sao = parameters[context.component]
                        guard sao.offsets.count == 4 else { continue }
                        let offsets = SIMD4<Int32>(sao.offsets[0], sao.offsets[1], sao.offsets[2], sao.offsets[3])
                        let left = column * context.ctbWidth
                        let top = row * context.ctbHeight
                        let right = min(left + context.ctbWidth, width)
                        let bottom = min(top + context.ctbHeight, height)
                        guard left < right, top < bottom else { continue }
                        for y in top..<bottom {
                            for x in left..<right {
                                if checksUnfiltered, let unfiltered = context.unfiltered,
                                    unfiltered.unfiltered[
                                        unfiltered.index(lumaX: x * context.subWidth, lumaY: y * context.subHeight)]
                                {
                                    continue
                                }
                                let sample = Int32(source[y * width + x])
                                var offset: Int32 = 0
                                switch sao.kind {
                                case .off:
                                    continue
                                case .band(let position):
                                    // bandTable[(k + sao_band_position) & 31] = k + 1 for k = 0...3.
                                    let k = (Int(sample >> bandShift) - position) & 31
                                    if k < 4 { offset = offsets[k] }
                                case .edge(let eoClass):
                                    let (a, b) = neighbours[min(max(eoClass, 0), 3)]
                                    let border = x == left || y == top || x == right - 1 || y == bottom - 1
                                    if border {
                                        guard
                                            context.usable(
                                                nx: x + a.0, ny: y + a.1, width: width, height: height,
                                                current: current),
                                            context.usable(
                                                nx: x + b.0, ny: y + b.1, width: width, height: height,
                                                current: current)
                                        else { continue }
                                    }
                                    let first = Int32(source[(y + a.1) * width + x + a.0])
                                    let second = Int32(source[(y + b.1) * width + x + b.0])
                                    let edgeIdx = 2 + signum(sample - first) + signum(sample - second)
                                    // Categories 1...4 from edgeIdx 0, 1, 3, 4; 2 is no edge.
                                    switch edgeIdx {
                                    case 0, 1: offset = offsets[Int(edgeIdx)]
                                    case 3, 4: offset = offsets[Int(edgeIdx) - 1]
                                    default: offset = 0
                                    }
                                }
                                // Samples are below 2^16 and offsets below 2^21.
                                target[y * width + x] = UInt16(
                                    truncatingIfNeeded: min(max(sample + offset, 0), maximum))
                            }
                        }
                    }
                }
            }
        }
    }

    static func signum(_ value: Int32) -> Int32 { value > 0 ? 1 : value < 0 ? -1 : 0 }
}
