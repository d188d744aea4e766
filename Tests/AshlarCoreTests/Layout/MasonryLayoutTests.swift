import AshlarTestSupport
import Testing

@testable import AshlarCore

@Suite struct MasonryLayoutTests {
    @Test func placesTilesByHandComputedExample() {
        // Reference width 320 px, gap 8 px: gap = 0.025, column = 0.4875 of the gallery width.
        let layout = MasonryLayout.place(
            aspectRatios: [1, 1, 0.5, 2], at: Breakpoint(minWidth: 0, columns: 2), gap: 8)
        #expect(layout.geometry.gap == 0.025)
        #expect(layout.geometry.columnWidth == 0.4875)
        #expect(layout.columns == [0, 1, 0, 1])
        #expect(layout.tops.map { ($0 * 1e9).rounded() / 1e9 } == [0, 0, 0.5125, 0.5125])
        #expect(abs(layout.height - 1.4875) < 1e-12)
    }

    @Test func levelColumnsGoToTheLeftmostDespiteRoundingNoise() {
        // 0.1 + 0.2 != 0.3 in binary; the columns must still count as level.
        let width = ColumnGeometry(breakpoint: Breakpoint(minWidth: 0, columns: 2), gap: 0).columnWidth
        let ratios = [width / 0.1, width / 0.3, width / 0.2, 1.0]
        let layout = MasonryLayout.place(aspectRatios: ratios, at: Breakpoint(minWidth: 0, columns: 2), gap: 0)
        #expect(layout.columns == [0, 1, 0, 0])
    }

    @Test func emptyGalleryHasNoHeight() {
        let layout = MasonryLayout.place(aspectRatios: [], at: Breakpoint(minWidth: 600, columns: 3), gap: 8)
        #expect(layout.height == 0)
        #expect(layout.count == 0)
    }

    @Test func oneColumnStacksInOrder() {
        let layout = MasonryLayout.place(
            aspectRatios: [2, 1, 0.5], at: Breakpoint(minWidth: 0, columns: 1), gap: 16)
        #expect(layout.columns == [0, 0, 0])
        let g = 16.0 / 320
        #expect(abs(layout.tops[1] - (0.5 + g)) < 1e-12)
        #expect(abs(layout.tops[2] - (0.5 + g + 1 + g)) < 1e-12)
        #expect(abs(layout.height - (0.5 + g + 1 + g + 2)) < 1e-12)
    }

    @Test func gapIsExactAtTheReferenceWidthAndScalesFromThere() {
        let geometry = ColumnGeometry(breakpoint: Breakpoint(minWidth: 900, columns: 4), gap: 12)
        #expect(abs(geometry.gap * 900 - 12) < 1e-12)
        #expect(abs(geometry.gap * 1800 - 24) < 1e-12)
        let total =
            Double(geometry.columnCount) * geometry.columnWidth + Double(geometry.columnCount - 1) * geometry.gap
        #expect(abs(total - 1) < 1e-12)
    }

    /// Random galleries, checked in pixels at several widths inside each breakpoint's range.
    @Test(arguments: 0..<40)
    func randomGalleriesHoldEveryProperty(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let tileCount = Int.random(in: 0...300, using: &random)
        let ratios = (0..<tileCount).map { _ in randomAspectRatio(using: &random) }
        let gap = [0, 1, 4, 8, 12.5, 24][Int.random(in: 0..<6, using: &random)]
        let breakpoints = randomBreakpoints(gap: gap, using: &random)
        let layouts = MasonryLayout.place(aspectRatios: ratios, at: breakpoints, gap: gap)
        for (index, layout) in layouts.enumerated() {
            let lower = breakpoints[index].minWidth
            let upper = index + 1 < breakpoints.count ? breakpoints[index + 1].minWidth : 2560
            let widths = [max(lower, 1), breakpoints[index].referenceWidth, (lower + upper) / 2, upper - 0.5]
            for galleryWidth in widths where galleryWidth >= lower && galleryWidth < max(upper, lower + 1) {
                LayoutChecker(layout: layout, ratios: ratios, gapPixels: gap, galleryWidth: galleryWidth).checkAll()
            }
        }
    }

    private func randomAspectRatio(using random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: [1.5, 1.0, 2.0 / 3.0, 4.0 / 3.0, 0.75, 16.0 / 9.0][Int.random(in: 0..<6, using: &random)]
        case 1: Double.random(in: 2.5...6, using: &random) // panoramas
        case 2: Double.random(in: 0.2...0.5, using: &random) // very tall
        default: Double.random(in: 0.5...2.2, using: &random)
        }
    }

    private func randomBreakpoints(gap: Double, using random: inout SeededGenerator) -> [Breakpoint] {
        var breakpoints = [Breakpoint(minWidth: 0, columns: Int.random(in: 1...3, using: &random))]
        var minWidth = 0.0
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            minWidth += Double(Int.random(in: 200...700, using: &random))
            breakpoints.append(Breakpoint(minWidth: minWidth, columns: Int.random(in: 1...8, using: &random)))
        }
        return breakpoints
    }
}

/// Checks one layout in CSS pixels at one gallery width, independently of how it was computed.
struct LayoutChecker {
    let layout: ColumnLayout
    let ratios: [Double]
    let gapPixels: Double
    let galleryWidth: Double
    let tolerance = 1e-6

    func rectangles() -> [(left: Double, top: Double, width: Double, height: Double)] {
        ratios.indices.map { index in
            let placement = layout.placement(of: index, aspectRatio: ratios[index])
            return (
                placement.left * galleryWidth, placement.top * galleryWidth,
                placement.width * galleryWidth, placement.height * galleryWidth
            )
        }
    }

    func checkAll() {
        let boxes = rectangles()
        let columns = layout.breakpoint.columns
        let gap = gapPixels * galleryWidth / layout.breakpoint.referenceWidth
        let columnWidth = (galleryWidth - Double(columns - 1) * gap) / Double(columns)

        // Widths and gaps exact, and the columns fill the gallery.
        for box in boxes {
            #expect(abs(box.width - columnWidth) < tolerance)
            #expect(box.left + box.width <= galleryWidth + tolerance)
        }
        for column in 0..<columns {
            #expect(
                abs(layout.geometry.left(ofColumn: column) * galleryWidth - Double(column) * (columnWidth + gap))
                    < tolerance)
        }

        // Tops never decrease in reading order.
        for index in boxes.indices.dropFirst() {
            #expect(boxes[index].top >= boxes[index - 1].top - tolerance, "tile \(index) is above tile \(index - 1)")
        }

        // No two tiles overlap, and tiles of a column are exactly one gap apart.
        for first in boxes.indices {
            for second in boxes.indices where second > first {
                let a = boxes[first]
                let b = boxes[second]
                let apartHorizontally = a.left + a.width <= b.left + tolerance || b.left + b.width <= a.left + tolerance
                let apartVertically = a.top + a.height <= b.top + tolerance || b.top + b.height <= a.top + tolerance
                #expect(apartHorizontally || apartVertically, "tiles \(first) and \(second) overlap")
            }
        }

        // Every tile went to the lowest column bottom at its turn, leftmost on ties.
        var bottoms = [Double](repeating: 0, count: columns)
        for (index, box) in boxes.enumerated() {
            let column = Int(layout.columns[index])
            let lowest = bottoms.min() ?? 0
            #expect(abs(bottoms[column] - lowest) <= tolerance, "tile \(index) not in the shortest column")
            for left in 0..<column {
                #expect(bottoms[left] > lowest, "tile \(index) skipped a level column to its left")
            }
            #expect(abs(box.top - bottoms[column]) <= tolerance)
            bottoms[column] = box.top + box.height + gap
        }

        // The gallery is as tall as its tallest column.
        let tallest = boxes.map { $0.top + $0.height }.max() ?? 0
        #expect(abs(layout.height * galleryWidth - tallest) < tolerance)
    }
}
