import AshlarImage
import Foundation

/// `ashlar-bench quality …`: bytes against perceived quality (SSIMULACRA2), the measure the JPEG
/// encoder is tuned with.
///
/// - `quality [FOLDER…] [--widths W,W,…] [--quality Q]`: each JPEG of the folders (by default
///   `../shared/photos` and `../shared/photos-mixed`) decoded whole and resized with the Resampler
///   to each width: that is the reference. It is encoded by Ashlar's JPEGEncoder at `Q` (the
///   default quality, 82) and by `cjpeg -quality Q -optimize` (libjpeg-turbo, when installed),
///   both decoded back by Ashlar's decoder, and each gives its bytes and its score; then the
///   medians per width. With `--cjpeg-qualities Q,Q,…`, `cjpeg` is also run at each of those
///   qualities and its bytes interpolated (linearly, between the two that bracket it) to Ashlar's
///   score: the bytes libjpeg-turbo needs for the same perceived quality.
/// - `quality score REFERENCE DISTORTED`: the score of one pair (JPEG, PNG or binary PNM).
struct QualityBenchmark {
    var folders: [String]
    var widths: [Int]
    var quality: Int
    var sweep: [Int]

    static let defaultFolders = ["../shared/photos", "../shared/photos-mixed"]
    static let cjpeg = "/usr/bin/cjpeg"

    static func main(_ arguments: [String]) -> Int32 {
        do {
            if arguments.first == "score" { return try score(Array(arguments.dropFirst())) }
            return try QualityBenchmark(arguments).run()
        } catch let error as BenchUsageError {
            FileHandle.standardError.write(Data("ashlar-bench: error: \(error)\n".utf8))
            return 64
        } catch {
            FileHandle.standardError.write(Data("ashlar-bench: \(error)\n".utf8))
            return 1
        }
    }

    init(_ arguments: [String]) throws {
        var folders: [String] = []
        var widths = [1920, 640, 317]
        var quality = 82
        var sweep: [Int] = []
        var index = 0
        func value(_ name: String) throws -> [Int] {
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw BenchUsageError("'--\(name)' needs a value")
            }
            let text = arguments[index]
            index += 1
            let values = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            guard !values.isEmpty, values.count == text.split(separator: ",").count else {
                throw BenchUsageError("'--\(name)' must be positive whole numbers, not '\(text)'")
            }
            return values
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--widths": widths = try value("widths")
            case "--quality": quality = min(try value("quality")[0], 100)
            case "--cjpeg-qualities": sweep = try value("cjpeg-qualities").map { min($0, 100) }
            case _ where argument.hasPrefix("--"):
                try BenchOptions.check(
                    String(argument.dropFirst(2)), command: "quality", among: ["widths", "quality", "cjpeg-qualities"])
            default: folders.append(argument)
            }
        }
        self.folders = folders.isEmpty ? Self.defaultFolders : folders
        self.widths = widths
        self.quality = quality
        self.sweep = sweep
    }

    /// One photo at one width: bytes and score of each encoder (nil: not installed).
    struct Row {
        var photo: String
        var width: Int
        var ashlar: (bytes: Int, score: Double)
        var cjpeg: (bytes: Int, score: Double)?
        /// `cjpeg`'s bytes interpolated to Ashlar's score (nil: no sweep, or the score outside it).
        var cjpegAtEqualScore: Double?
    }

    func run() throws -> Int32 {
        var photos: [String] = []
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            photos += names.filter { [".jpg", ".jpeg"].contains(where: $0.lowercased().hasSuffix) }
                .map { folder + "/" + $0 }
        }
        guard !photos.isEmpty else {
            throw ImageBenchmarkError("no .jpg or .jpeg files in \(folders.joined(separator: ", "))")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ashlar-quality-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let hasCJPEG = FileManager.default.isExecutableFile(atPath: Self.cjpeg)
        print(
            "quality: SSIMULACRA2 (100: identical, 90: visually lossless, 70: high, 50: medium) and bytes, "
                + "quality \(quality), 4:2:0, no ICC profile; reference: a full decode resized by the Resampler")
        print("  Ashlar: JPEGEncoder.encode(quality: \(quality))")
        print("  cjpeg:  \(hasCJPEG ? "cjpeg -quality \(quality) -optimize (libjpeg-turbo)" : "not installed")")
        var rows: [Row] = []
        for path in photos {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let orientation = (try? JPEGMetadata.read(bytes).orientation) ?? 1
            let full = try JPEGDecoder.decode(bytes).image.oriented(orientation)
            for width in widths where width <= full.width {
                let height = max(1, Int((Double(full.height) * Double(width) / Double(full.width)).rounded()))
                let reference = Resampler.resize(full, width: width, height: height)
                let ours = JPEGEncoder.encode(reference, quality: quality)
                var row = Row(
                    photo: name, width: width, ashlar: (ours.count, try Self.score(reference, ours, name)))
                if hasCJPEG {
                    let theirs = try cjpegBytes(reference, quality: quality, scratch: scratch)
                    row.cjpeg = (theirs.count, try Self.score(reference, theirs, name))
                    if !sweep.isEmpty {
                        let points = try sweep.map { sweepQuality in
                            let bytes = try cjpegBytes(reference, quality: sweepQuality, scratch: scratch)
                            return (bytes: bytes.count, score: try Self.score(reference, bytes, name))
                        }
                        row.cjpegAtEqualScore = Self.bytes(atScore: row.ashlar.score, points)
                    }
                }
                rows.append(row)
                print(Self.line(row))
            }
        }
        print("medians:")
        for width in widths {
            let at = rows.filter { $0.width == width }
            guard !at.isEmpty else { continue }
            let cjpeg = at.compactMap(\.cjpeg)
            let equal = at.compactMap(\.cjpegAtEqualScore)
            var median = Row(
                photo: "\(at.count) photos", width: width,
                ashlar: (Int(Self.median(at.map { Double($0.ashlar.bytes) })), Self.median(at.map(\.ashlar.score))),
                cjpeg: cjpeg.isEmpty
                    ? nil : (Int(Self.median(cjpeg.map { Double($0.bytes) })), Self.median(cjpeg.map(\.score))))
            median.cjpegAtEqualScore = equal.isEmpty ? nil : Self.median(equal)
            print(Self.line(median))
            let ratios = at.compactMap { row in row.cjpegAtEqualScore.map { Double(row.ashlar.bytes) / $0 } }
            if !ratios.isEmpty {
                print(
                    "    median of the photos' Ashlar / cjpeg at equal score: \(Measure.format(Self.median(ratios), 3)) "
                        + "(\(ratios.count) of \(at.count) photos inside the sweep)")
            }
        }
        return 0
    }

    /// `cjpeg -quality Q -optimize` of `image`, through a PPM file.
    func cjpegBytes(_ image: PixelImage, quality: Int, scratch: URL) throws -> [UInt8] {
        let input = scratch.appendingPathComponent("reference.ppm").path
        let output = scratch.appendingPathComponent("cjpeg.jpg").path
        try ImagePNM.write(image, to: input)
        _ = try ImageBenchmark.capture([
            Self.cjpeg, "-quality", String(quality), "-optimize", "-outfile", output, input,
        ])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// The score of `jpeg`, decoded by Ashlar's decoder, against `reference`.
    static func score(_ reference: PixelImage, _ jpeg: [UInt8], _ name: String) throws -> Double {
        let decoded = try JPEGDecoder.decode(jpeg).image
        guard let score = SSIMULACRA2.score(reference: reference, distorted: decoded) else {
            throw ImageBenchmarkError("\(name): the encoded image decodes to another size")
        }
        return score
    }

    static func line(_ row: Row) -> String {
        let photo = row.photo.padding(toLength: 28, withPad: " ", startingAt: 0)
        let width = String(row.width).leftPadded(5)
        var text =
            "  \(photo) \(width) px  Ashlar \(String(row.ashlar.bytes).leftPadded(8)) B "
            + "\(Measure.format(row.ashlar.score, 2).leftPadded(6))"
        if let cjpeg = row.cjpeg {
            text +=
                "  cjpeg \(String(cjpeg.bytes).leftPadded(8)) B \(Measure.format(cjpeg.score, 2).leftPadded(6))"
                + "  bytes Ashlar/cjpeg \(Measure.format(Double(row.ashlar.bytes) / Double(cjpeg.bytes), 3))"
        }
        if let equal = row.cjpegAtEqualScore {
            text += "  cjpeg at equal score \(Measure.format(equal, 0)) B"
        }
        return text
    }

    /// Bytes at `score`, interpolated linearly between the two of `points` whose scores bracket
    /// it (the nearest below and above); nil when none is below or none above.
    static func bytes(atScore score: Double, _ points: [(bytes: Int, score: Double)]) -> Double? {
        guard let below = points.filter({ $0.score <= score }).max(by: { $0.score < $1.score }),
            let above = points.filter({ $0.score >= score }).min(by: { $0.score < $1.score })
        else { return nil }
        guard above.score > below.score else { return Double(below.bytes) }
        let fraction = (score - below.score) / (above.score - below.score)
        return Double(below.bytes) + fraction * Double(above.bytes - below.bytes)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension String {
    fileprivate func leftPadded(_ length: Int) -> String {
        String(repeating: " ", count: max(0, length - count)) + self
    }
}
