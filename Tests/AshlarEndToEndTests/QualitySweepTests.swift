import AshlarTestSupport
import Foundation
import Testing

@testable import ashlar_bench

/// `ashlar-bench quality` compares encoders at equal SSIMULACRA2 score: the bytes an encoder's
/// sweep needs for a score are interpolated between the two points that bracket it, in log(bytes),
/// and never extrapolated.
@Suite(.tags(.slow)) struct QualitySweepTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// (quality, bytes, score)
        var points: [(Int, Int, Double)]
        var score: Double
        var expected: Double?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "halfway: the geometric mean", points: [(70, 1000, 70), (80, 4000, 80)], score: 75, expected: 2000),
        Case(
            name: "a quarter of the way", points: [(80, 4000, 80), (70, 1000, 70)], score: 72.5,
            expected: 1000 * pow(4, 0.25)),
        Case(
            name: "the nearest scores bracket, whatever the order of the qualities",
            points: [(90, 9000, 88), (60, 500, 60), (85, 6000, 84), (80, 4000, 76), (82, 3800, 79)], score: 81.5,
            expected: 3800 * pow(6000.0 / 3800, 0.5)),
        Case(
            name: "a point at the score: its bytes", points: [(70, 1000, 70), (80, 4000, 80)], score: 80, expected: 4000
        ),
        Case(
            name: "equal scores: the fewest bytes", points: [(70, 1000, 70), (75, 2100, 75), (76, 2000, 75)],
            score: 75, expected: 2000),
        Case(name: "below the sweep", points: [(70, 1000, 70), (80, 4000, 80)], score: 69.99, expected: nil),
        Case(name: "above the sweep", points: [(70, 1000, 70), (80, 4000, 80)], score: 80.01, expected: nil),
        Case(name: "one point, another score", points: [(70, 1000, 70)], score: 71, expected: nil),
        Case(name: "no points", points: [], score: 75, expected: nil),
    ]

    @Test(arguments: cases)
    func bytesAtScore(_ test: Case) {
        let sweep = QualitySweep(
            points: test.points.map { QualitySweep.Point(quality: $0.0, bytes: $0.1, score: $0.2) })
        let bytes = sweep.bytes(atScore: test.score)
        if let expected = test.expected {
            #expect(bytes.map { abs($0 - expected) < 1e-6 * expected } == true, "got \(String(describing: bytes))")
        } else {
            #expect(bytes == nil)
            #expect(sweep.position(of: test.score) != .inside)
        }
    }

    @Test func variantsAreNamedWithTodayFirst() throws {
        #expect(try QualityBenchmark.variants("today") == [0])
        #expect(try QualityBenchmark.variants("today,today") == [0])
        #expect(throws: BenchUsageError.self) { try QualityBenchmark.variants("today,nope") }
        #expect(QualityBenchmark.variants.first?.name == "today")
        #expect(Set(QualityBenchmark.variants.map(\.name)).count == QualityBenchmark.variants.count)
    }
}
