import AshlarImage
import Foundation

/// `ashlar-bench images encode [--widths W,W,…] [--quality Q] [--runs R] PHOTO…`: the JPEG
/// encoder alone. Each photo is decoded and resized once to each width (as renditions are), then
/// encoded with libjpeg's settings and with the perceptual ones, each timed (CPU, fastest of R).
/// Prints milliseconds per megapixel for both and an MD5 of every perceptual file, so a change
/// meant to make the encoder faster can show that it writes the same bytes.
extension ImageBenchmark {
    static func encode(_ arguments: [String]) throws -> Int32 {
        var widths = [1920, 640, 317]
        var quality = 82
        var runs = 3
        var paths: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--runs": runs = try runCount(arguments, at: &index)
            case "--widths", "--quality":
                guard index < arguments.count else { throw BenchUsageError("'\(argument)' needs a value") }
                let values = arguments[index].split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
                index += 1
                guard !values.isEmpty else { throw BenchUsageError("'\(argument)' needs positive whole numbers") }
                if argument == "--widths" { widths = values } else { quality = values[0] }
            case _ where argument.hasPrefix("--"):
                try BenchOptions.check(
                    String(argument.dropFirst(2)), command: "images encode", among: ["runs", "widths", "quality"])
            default: paths.append(argument)
            }
        }
        guard !paths.isEmpty else {
            throw BenchUsageError(
                "usage: ashlar-bench images encode [--widths W,W,…] [--quality Q] [--runs R] PHOTO…")
        }
        print("images encode: JPEGEncoder alone at quality \(quality), CPU time, fastest of \(runs)")
        var totals = (megapixels: 0.0, libjpeg: 0.0, perceptual: 0.0)
        var digests: [UInt8] = []
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let decoded = try JPEGDecoder.decode(bytes, scale: .half).image
            for width in widths {
                let height = max(1, (decoded.height * width + decoded.width / 2) / decoded.width)
                let image = Resampler.resize(decoded, width: width, height: height)
                var file: [UInt8] = []
                let libjpeg = fastest(runs) { _ = JPEGEncoder.encode(image, quality: quality, settings: .libjpeg) }
                let perceptual = fastest(runs) { file = JPEGEncoder.encode(image, quality: quality) }
                let megapixels = Double(width * height) / 1e6
                totals.megapixels += megapixels
                totals.libjpeg += libjpeg
                totals.perceptual += perceptual
                let digest = MD5.digest(file)
                digests += digest
                print(
                    "  \(URL(fileURLWithPath: path).lastPathComponent) \(width)×\(height): libjpeg "
                        + "\(Measure.format(libjpeg * 1000 / megapixels, 1)) ms/MP, perceptual "
                        + "\(Measure.format(perceptual * 1000 / megapixels, 1)) ms/MP, \(file.count) B, "
                        + digest.prefix(6).map { String(format: "%02x", $0) }.joined())
            }
        }
        print(
            "  total \(Measure.format(totals.megapixels, 2)) MP: libjpeg \(Measure.format(totals.libjpeg * 1000, 1)) ms, "
                + "perceptual \(Measure.format(totals.perceptual * 1000, 1)) ms "
                + "(\(Measure.format(totals.perceptual / totals.libjpeg, 2))×), all files "
                + MD5.digest(digests).map { String(format: "%02x", $0) }.joined())
        return 0
    }

    /// The fastest CPU time of `runs` runs of `body`, in seconds.
    private static func fastest(_ runs: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<max(runs, 1) { best = min(best, CPUTime.ofThisProcess(body)) }
        return best
    }
}
