import AshlarImage
import Foundation

extension QualityBenchmark {
    /// One photo: its measures at each width.
    struct PhotoResult: Sendable {
        var name: String
        var widths: [WidthResult]
    }

    /// One photo at one width.
    struct WidthResult: Sendable {
        var width: Int
        /// In the order of ``QualityBenchmark/chosen``: today's first.
        var variants: [VariantResult]
        /// Each installed reference encoder's sweep (none at a width outside `--sweep-widths`).
        var sweeps: [ReferenceEncoder: QualitySweep]

        var today: VariantResult { variants[0] }

        /// A variant's bytes over `cjpeg`'s at the variant's score.
        func cjpegRatio(_ variant: VariantResult) -> Double? {
            sweeps[.cjpeg]?.bytes(atScore: variant.score).map { Double(variant.bytes) / $0 }
        }

        /// A reference encoder's bytes at today's score over today's bytes.
        func ratioToToday(_ encoder: ReferenceEncoder) -> Double? {
            sweeps[encoder]?.bytes(atScore: today.score).map { $0 / Double(today.bytes) }
        }
    }

    /// One encoder variant's JPEG of one photo at one width, at the default quality.
    struct VariantResult: Sendable {
        var name: String
        var bytes: Int
        var score: Double
        /// CPU time of `JPEGEncoder.encode` alone (the least of three runs), per megapixel.
        var millisecondsPerMegapixel: Double
    }

    func measure(_ path: String, references: [ReferenceEncoder], in directory: URL) throws -> PhotoResult {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let orientation = (try? JPEGMetadata.read(bytes).orientation) ?? 1
        let full = try JPEGDecoder.decode(bytes).image.oriented(orientation)
        var result = PhotoResult(name: name, widths: [])
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for width in widths where width <= full.width {
            let height = max(1, Int((Double(full.height) * Double(width) / Double(full.width)).rounded()))
            let reference = Resampler.resize(full, width: width, height: height)
            let megapixels = Double(width * height) / 1e6
            var measured = WidthResult(width: width, variants: [], sweeps: [:])
            for index in chosen {
                let variant = Self.variants[index]
                var jpeg: [UInt8] = []
                var seconds = Double.infinity
                for _ in 0..<3 {
                    let start = Self.threadCPUSeconds()
                    jpeg = JPEGEncoder.encode(reference, quality: quality, settings: variant.settings)
                    seconds = min(seconds, Self.threadCPUSeconds() - start)
                }
                measured.variants.append(
                    VariantResult(
                        name: variant.name, bytes: jpeg.count, score: try Self.score(reference, jpeg, name),
                        millisecondsPerMegapixel: seconds * 1000 / megapixels))
            }
            if sweepWidths.contains(width), !references.isEmpty {
                measured.sweeps = try sweep(reference, name: name, references: references, in: directory)
            }
            result.widths.append(measured)
        }
        return result
    }

    /// Every reference encoder's sweep of `reference`. `cjpeg -progressive` decodes to the pixels
    /// of `cjpeg` at the same quality (checked, and scored again if not), so it reuses the score.
    func sweep(
        _ reference: PixelImage, name: String, references: [ReferenceEncoder], in directory: URL
    ) throws -> [ReferenceEncoder: QualitySweep] {
        try ImagePNM.write(reference, to: directory.appendingPathComponent("reference.ppm").path)
        if references.contains(.avifenc) {
            try Data(PNGEncoder.encode(reference)).write(to: directory.appendingPathComponent("reference.png"))
        }
        var results: [ReferenceEncoder: QualitySweep] = [:]
        var baseline: [Int: (pixels: [UInt8], score: Double)] = [:]
        for encoder in references {
            var points: [QualitySweep.Point] = []
            for quality in sweeps[encoder] ?? [] {
                let (bytes, decoded) = try encoder.encode(quality: quality, in: directory)
                let score: Double
                if encoder == .cjpegProgressive, let same = baseline[quality], same.pixels == decoded.pixels {
                    score = same.score
                } else {
                    score = try Self.score(reference, decoded, name)
                }
                if encoder == .cjpeg { baseline[quality] = (decoded.pixels, score) }
                points.append(QualitySweep.Point(quality: quality, bytes: bytes, score: score))
            }
            results[encoder] = QualitySweep(points: points)
        }
        return results
    }

    /// The score of `jpeg`, decoded by Ashlar's decoder, against `reference`.
    static func score(_ reference: PixelImage, _ jpeg: [UInt8], _ name: String) throws -> Double {
        try score(reference, try JPEGDecoder.decode(jpeg).image, name)
    }

    static func score(_ reference: PixelImage, _ decoded: PixelImage, _ name: String) throws -> Double {
        guard let score = SSIMULACRA2.score(reference: reference, distorted: decoded) else {
            throw ImageBenchmarkError("\(name): the encoded image decodes to another size")
        }
        return score
    }

    /// CPU seconds this thread has used: the encoder's time while the other core scores another photo.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
