import AshlarImage
import AshlarPlatform
import Foundation
import Testing

@testable import ashlar_bench

/// The pure parts of `ashlar-bench scaling` and `images peak`: the copies they build, the command
/// line, what they read of `ashlar build --json` and of their child processes, and the tables.
@Suite struct ScalingBenchTests {
    /// A small photo-like JPEG: a gradient with some texture.
    static let jpeg: [UInt8] = {
        var image = PixelImage(width: 40, height: 24, format: .rgb)
        for index in image.pixels.indices { image.pixels[index] = UInt8((index * 37 + index / 120 * 11) % 256) }
        return JPEGEncoder.encode(image, quality: 82)
    }()

    @Test func copiesAreByteDistinctAndDecodeToTheSamePixels() throws {
        let original = try JPEGDecoder.decode(Self.jpeg)
        let copies = try (0..<5).map { try #require(DistinctCopy.jpeg(Self.jpeg, copy: $0)) }
        #expect(Set(copies + [Self.jpeg]).count == 6)
        for copy in copies {
            let decoded = try JPEGDecoder.decode(copy)
            #expect(decoded.image == original.image)
            #expect(decoded.warnings.isEmpty)
            #expect(try Renditions.memoryNeeded(for: copy, widths: [20]) > 0)
        }
    }

    @Test(arguments: [[], [0xFF], [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD9, 0xFF, 0xD8]] as [[UInt8]])
    func onlyAJPEGIsCopied(_ bytes: [UInt8]) {
        #expect(DistinctCopy.jpeg(bytes, copy: 1) == nil)
    }

    struct JobsCase: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: [Int]?
        var testDescription: String { "'\(text)'" }
    }

    @Test(arguments: [
        JobsCase(text: "1,2,4,8,16", expected: [1, 2, 4, 8, 16]),
        JobsCase(text: "16", expected: [16]),
        JobsCase(text: "2,1", expected: [2, 1]),
        JobsCase(text: "1024", expected: [1024]),
        JobsCase(text: "1,0", expected: nil),
        JobsCase(text: "1,,2", expected: nil),
        JobsCase(text: "1,2,", expected: nil),
        JobsCase(text: "-1", expected: nil),
        JobsCase(text: "1025", expected: nil),
        JobsCase(text: "four", expected: nil),
    ])
    func jobsList(_ jobs: JobsCase) {
        #expect((try? ScalingOptions.jobsList(jobs.text)) == jobs.expected)
    }

    @Test func defaultJobsDoubleUpToTheCores() {
        #expect(ScalingOptions.defaultJobs(cores: 1) == [1])
        #expect(ScalingOptions.defaultJobs(cores: 2) == [1, 2])
        #expect(ScalingOptions.defaultJobs(cores: 16) == [1, 2, 4, 8, 16])
        #expect(ScalingOptions.defaultJobs(cores: 12) == [1, 2, 4, 8, 12])
    }

    @Test(arguments: ["192M", "4G", "1.5G", "512K", "1048576", "2g"])
    func memorySizesPassThrough(_ text: String) throws {
        #expect(try ScalingOptions.memorySize(text) == text)
    }

    @Test(arguments: ["", "G", "4GB", "1.G", ".5G", "1.5.2G", "-4G", "4 G", "٤G"])
    func badMemorySizesStopTheBench(_ text: String) {
        #expect(throws: BenchUsageError.self) { try ScalingOptions.memorySize(text) }
    }

    @Test func optionsReadTheirValues() throws {
        let options = try ScalingOptions([
            "--photos-dir", "a", "--photos-dir=b", "--copies", "2", "--ashlar", "/x/ashlar", "--jobs-list", "16",
            "--runs=1", "--memory", "4G", "--keep", "1",
        ])
        var expected = ScalingOptions()
        expected.photoFolders = ["a", "b"]
        expected.copies = 2
        expected.ashlar = "/x/ashlar"
        expected.jobsList = [16]
        expected.runs = 1
        expected.memory = "4G"
        expected.keep = true
        #expect(options == expected)
        #expect(try ScalingOptions([]) == ScalingOptions())
        #expect(ScalingOptions().photoFolders == ["../shared/photos", "../shared/photos-mixed"])
    }

    static let report = #"""
        {"photos": 48, "errors": 0, "warnings": 0, "renditions": {"made": 304, "reused": 0},
         "seconds": {"total": 12.5}, "diagnostics": []MEMORY}
        """#

    @Test func theMemoryObjectIsReadWhenPresent() throws {
        let json = Self.report.replacingOccurrences(
            of: "MEMORY", with: #", "memory": {"budget": 4294967296, "mostDecodesAtOnce": 16, "jobs": 16}"#)
        let facts = try JSONDecoder().decode(BuildReportFacts.self, from: Data(json.utf8))
        #expect(facts.memory == BuildMemory(budget: 4_294_967_296, mostDecodesAtOnce: 16, jobs: 16))
        #expect(facts.renditions == .init(made: 304, reused: 0))
        #expect(facts.photos == 48)
    }

    @Test func aReportWithoutTheMemoryObjectStillReads() throws {
        let json = Self.report.replacingOccurrences(of: "MEMORY", with: "")
        let facts = try JSONDecoder().decode(BuildReportFacts.self, from: Data(json.utf8))
        #expect(facts.memory == nil)
        let table = ScalingBenchmark.table(
            counts: [1], runs: [[ScalingBenchmark.Run(wall: 2, cpu: 2, peakMiB: 100, memory: facts.memory)]])
        #expect(table.rows == [["1", "2.00", "1.00×", "2.00", "100", "–", "–"]])
    }

    @Test func aMalformedMemoryObjectIsAnError() {
        let json = Self.report.replacingOccurrences(of: "MEMORY", with: #", "memory": {"budget": "4G"}"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BuildReportFacts.self, from: Data(json.utf8)) }
    }

    @Test func theScalingTableTakesMediansAndTheMostDecodes() {
        func run(_ wall: Double, _ cpu: Double, _ peak: Double, _ decodes: Int) -> ScalingBenchmark.Run {
            .init(
                wall: wall, cpu: cpu, peakMiB: peak, memory: .init(budget: 1 << 30, mostDecodesAtOnce: decodes, jobs: 2)
            )
        }
        let table = ScalingBenchmark.table(
            counts: [1, 2],
            runs: [
                [run(10, 10, 200, 1), run(12, 10.5, 210, 1), run(11, 9.5, 190, 1)],
                [run(6, 11, 400, 2), run(5, 11, 410, 1)],
            ])
        #expect(
            table.lines() == [
                "  --jobs  wall s  speed-up over --jobs 1  CPU s  peak MiB  decodes at once  budget MiB",
                "  1        11.00                   1.00×  10.00       200                1        1024",
                "  2         5.50                   2.00×  11.00       405                2        1024",
            ])
    }

    @Test func aTableAlignsNamesLeftAndFiguresRight() {
        let table = TextTable(header: ["photo", "MiB"], rows: [["camera-1", "59"], ["Sheep", "1,024"], ["short"]])
        #expect(
            table.lines(indent: "") == [
                "photo" + String(repeating: " ", count: 7) + "MiB", "camera-1     59", "Sheep     1,024",
                "short" + String(repeating: " ", count: 10),
            ])
    }

    @Test func aChildsLinesAndUsageMakeAPhotosRow() throws {
        let output = [
            PhotoPeak.Field.megapixels.line(23.8), PhotoPeak.Field.progressive.line(0), PhotoPeak.Field.png.line(0),
            PhotoPeak.Field.estimate.line(205.4), PhotoPeak.Field.start.line(30.5),
        ].joined(separator: "\n")
        let usage = ChildUsage(status: 0, output: [], cpuSeconds: 0.7512, peakResidentBytes: 90 * 1_048_576)
        let peak = try #require(PhotoPeak(output, usage: usage))
        #expect(
            peak.row(name: "../shared/photos/camera-1.jpg") == [
                "camera-1", "23.8", "baseline", "205", "90", "60", "0.75",
            ])
        #expect(PhotoPeak("megapixels: 1\n", usage: usage) == nil)
    }

    @Test func medians() {
        #expect(Median.of([]) == 0)
        #expect(Median.of([3, 1, 2]) == 2)
        #expect(Median.of([4, 1, 3, 2]) == 2.5)
    }
}
