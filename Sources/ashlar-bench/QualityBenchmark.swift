import AshlarImage
import Foundation
import Synchronization

/// `ashlar-bench quality …`: bytes against perceived quality (SSIMULACRA2), the measure the JPEG
/// encoder is tuned with.
///
/// - `quality [FOLDER…] [--widths W,…] [--quality Q] [--variants NAME,…] [--sweep-widths W,…]
///   [--cjpeg-qualities Q,…] [--webp-qualities Q,…] [--avif-levels L,…]`: each JPEG of the
///   folders (by default `../shared/photos` and `../shared/photos-mixed`) decoded whole and resized
///   with the Resampler to each width: that is the reference. Each named encoder variant
///   (``variants``) encodes it at `Q` (the default quality, 82); at the sweep widths `cjpeg`,
///   `cjpeg -progressive`, `cwebp` and `avifenc`, those installed, encode it at each quality of
///   their sweep. Everything is decoded back and scored; each variant's bytes are compared with
///   `cjpeg`'s interpolated to the variant's score, and each reference encoder's bytes
///   interpolated to today's score with today's bytes (``QualitySweep``). Then medians per width.
/// - `quality score REFERENCE DISTORTED`: the score of one pair (JPEG, PNG or binary PNM).
struct QualityBenchmark: Sendable {
    /// The encoder settings measured, by name; "today" is the baseline of every ratio and is
    /// always measured. Adding a variant is adding a line.
    static let variants: [(name: String, settings: JPEGEncoderSettings)] = [
        ("today", .libjpeg),
        ("tables", JPEGEncoderSettings(tables: .perceptual, adaptiveQuantisation: false, scans: .sequential)),
        ("adaptive", JPEGEncoderSettings(tables: .standard, adaptiveQuantisation: true, scans: .sequential)),
        ("progressive", JPEGEncoderSettings(tables: .standard, adaptiveQuantisation: false, scans: .progressive)),
        ("new", .perceptual),
    ]

    var folders: [String]
    var widths: [Int]
    var quality: Int
    /// Indices into ``variants``, today's first.
    var chosen: [Int]
    var sweepWidths: [Int]
    var sweeps: [ReferenceEncoder: [Int]]

    static let defaultFolders = ["../shared/photos", "../shared/photos-mixed"]
    static let options = [
        "widths", "quality", "variants", "sweep-widths", "cjpeg-qualities", "webp-qualities", "avif-levels",
    ]

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
        var chosen = Array(Self.variants.indices)
        var sweepWidths: [Int]?
        var sweeps: [ReferenceEncoder: [Int]] = [
            .cjpeg: [60, 70, 75, 80, 85, 88, 90, 93, 95],
            .cwebp: [80, 85, 88, 90, 93, 95],
            .avifenc: [8, 12, 16, 20, 24, 28],
        ]
        var index = 0
        func text(_ name: String) throws -> String {
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw BenchUsageError("'--\(name)' needs a value")
            }
            index += 1
            return arguments[index - 1]
        }
        func value(_ name: String) throws -> [Int] {
            let text = try text(name)
            let values = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            guard !values.isEmpty, values.count == text.split(separator: ",", omittingEmptySubsequences: false).count
            else { throw BenchUsageError("'--\(name)' must be positive whole numbers, not '\(text)'") }
            return values
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--widths": widths = try value("widths")
            case "--quality": quality = min(try value("quality")[0], 100)
            case "--variants": chosen = try Self.variants(try text("variants"))
            case "--sweep-widths": sweepWidths = try value("sweep-widths")
            case "--cjpeg-qualities": sweeps[.cjpeg] = try value("cjpeg-qualities").map { min($0, 100) }
            case "--webp-qualities": sweeps[.cwebp] = try value("webp-qualities").map { min($0, 100) }
            case "--avif-levels": sweeps[.avifenc] = try value("avif-levels").map { min($0, 63) }
            case _ where argument.hasPrefix("--"):
                try BenchOptions.check(String(argument.dropFirst(2)), command: "quality", among: Self.options)
            default: folders.append(argument)
            }
        }
        sweeps[.cjpegProgressive] = sweeps[.cjpeg]
        self.folders = folders.isEmpty ? Self.defaultFolders : folders
        self.widths = widths
        self.quality = quality
        self.chosen = chosen
        self.sweepWidths = sweepWidths ?? widths
        self.sweeps = sweeps
    }

    /// The indices of the variants `list` names, today's first whether named or not.
    static func variants(_ list: String) throws -> [Int] {
        var chosen = [0]
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let found = variants.firstIndex(where: { $0.name == name }) else {
                throw BenchUsageError(
                    "unknown variant '\(name)' for '--variants'; known: "
                        + variants.map(\.name).joined(separator: ", "))
            }
            if !chosen.contains(found) { chosen.append(found) }
        }
        return chosen
    }

    func run() throws -> Int32 {
        let photos = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                .filter { [".jpg", ".jpeg"].contains(where: $0.lowercased().hasSuffix) }
                .map { folder + "/" + $0 }
        }
        guard !photos.isEmpty else {
            throw ImageBenchmarkError("no .jpg or .jpeg files in \(folders.joined(separator: ", "))")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ashlar-quality-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let references = ReferenceEncoder.allCases.filter(\.isInstalled)
        printHeader(references)
        fflush(nil)
        let start = Date()
        // Both cores, one photo each; each photo's lines are printed once those before it are.
        let state = Mutex((results: [PhotoResult?](repeating: nil, count: photos.count), printed: 0))
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: photos.count) { index in
            guard failure.withLock({ $0 == nil }) else { return }
            do {
                let directory = scratch.appendingPathComponent(String(index))
                let result = try measure(photos[index], references: references, in: directory)
                state.withLock { state in
                    state.results[index] = result
                    while state.printed < photos.count, let ready = state.results[state.printed] {
                        printPhoto(ready, references: references)
                        fflush(nil) // a long run into a file shows where it is
                        state.printed += 1
                    }
                }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let results = state.withLock { $0.results.compactMap { $0 } }
        printMedians(results, references: references)
        print("  \(photos.count) photos in \(Measure.format(Date().timeIntervalSince(start), 0)) s")
        return 0
    }
}
