import AshlarCore

/// The masonry engine alone: N tiles with mixed aspect ratios at B breakpoints.
struct LayoutBenchmark {
    var tiles: Int
    var breakpoints: Int
    var runs: Int

    func run() {
        var generator = SplitMix64(seed: 42)
        let ratios = (0..<tiles).map { _ in 0.3 + Double(generator.next() % 10_000) / 4_000 }
        let points = (0..<max(1, breakpoints)).map { Breakpoint(minWidth: Double($0) * 400, columns: $0 + 2) }
        let before = Measure.peakMemoryMiB
        var best = Double.infinity
        var checksum = 0.0
        for _ in 0..<max(1, runs) {
            let seconds = Measure.seconds {
                let layouts = MasonryLayout.place(aspectRatios: ratios, at: points, gap: 8)
                checksum += layouts.reduce(0) { $0 + $1.height }
            }
            best = min(best, seconds)
        }
        let placements = Double(tiles * points.count)
        print("layout: \(tiles) tiles x \(points.count) breakpoints")
        print(
            "  best of \(max(1, runs)): \(Measure.format(best)) s, \(Measure.format(placements / best / 1e6, 1)) M placements/s, \(Measure.format(Double(tiles) / best / 1e6, 2)) M tiles/s"
        )
        print(
            "  peak memory: \(Measure.format(Measure.peakMemoryMiB, 1)) MiB (inputs alone: \(Measure.format(before, 1)) MiB)"
        )
        print("  checksum: \(Measure.format(checksum, 1))")
    }
}

/// A small deterministic generator, so every run lays out the same tiles.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
