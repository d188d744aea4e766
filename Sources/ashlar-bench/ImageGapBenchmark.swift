import AshlarCore
import AshlarImage
import Foundation

/// `ashlar-bench images gap [--gaps G,G,…] [--out DIR] PHOTO…`: the measurement behind
/// `Renditions.reducingGap`. For each JPEG and each gap, the CPU time of decoding at the scale that
/// gap chooses and resampling to every width the default theme asks of the photo (what a build
/// does, less the encoding), and with `--out`, the widest and the 1280 px images as PPM files
/// (`NAME-gGAP-WIDTH.ppm`), which `Tests/Measurements/reducing-gap.py` compares with a full decode
/// resized by Pillow's LANCZOS.
extension ImageBenchmark {
    /// The widths a build asks of a photo with the default theme, before `forPhoto` fits them to it.
    static let defaultThemeWidths = [317, 484, 634, 968, 1280, 1920, 2560]

    static func gap(_ arguments: [String]) throws -> Int32 {
        var gaps = [1.0, 1.5, 2.0, 3.0]
        var out: String?
        var runs = 3
        var paths: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--gaps" where index < arguments.count:
                gaps = arguments[index].split(separator: ",").compactMap { Double($0) }
                index += 1
            case "--out" where index < arguments.count:
                out = arguments[index]
                index += 1
            case "--runs": runs = try runCount(arguments, at: &index)
            default: paths.append(argument)
            }
        }
        guard !paths.isEmpty, !gaps.isEmpty else {
            throw BenchUsageError("usage: ashlar-bench images gap [--gaps G,G,…] [--out DIR] [--runs R] PHOTO…")
        }
        print("photo                         size         widest  gap  scale  decoded      CPU ms (best of \(runs))")
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let info = try JPEGDecoder.info(bytes)
            let orientation = (try? JPEGMetadata.read(bytes).orientation) ?? 1
            let swaps = orientation >= 5
            let (width, height) = swaps ? (info.height, info.width) : (info.width, info.height)
            let widths = RenditionWidths.forPhoto(
                width: width, height: height, widths: defaultThemeWidths, longestSide: 2560
            ).sorted(by: >)
            guard let widest = widths.first else { continue }
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            for gap in gaps {
                let scale = JPEGScale.forRenditions(
                    width: width, height: height, largestWidth: widest, reducingGap: gap)
                var outputs: [Int: PixelImage] = [:]
                var best = Double.infinity
                for _ in 0..<runs {
                    var failure: Error?
                    let seconds = CPUTime.ofThisProcess {
                        do {
                            let decoded = try JPEGDecoder.decode(bytes, scale: scale).image.oriented(orientation)
                            var resized = decoded
                            for target in widths {
                                let targetHeight = max(1, (height * target + width / 2) / width)
                                resized = Resampler.resize(resized, width: target, height: targetHeight)
                                if target == widest || target == 1280 { outputs[target] = resized }
                            }
                        } catch {
                            failure = error
                        }
                    }
                    if let failure { throw failure }
                    best = min(best, seconds)
                }
                let decoded = scale.outputSize(width: info.width, height: info.height)
                print(
                    name.padding(toLength: 29, withPad: " ", startingAt: 0) + " "
                        + "\(width)×\(height)".padding(toLength: 12, withPad: " ", startingAt: 0) + " "
                        + String(widest).padding(toLength: 7, withPad: " ", startingAt: 0)
                        + Measure.format(gap, 1).padding(toLength: 5, withPad: " ", startingAt: 0)
                        + "1/\(scale.rawValue)".padding(toLength: 7, withPad: " ", startingAt: 0)
                        + "\(decoded.width)×\(decoded.height)".padding(toLength: 13, withPad: " ", startingAt: 0)
                        + Measure.format(best * 1000, 0))
                if let out {
                    for (target, image) in outputs {
                        try ImagePNM.write(image, to: "\(out)/\(name)-g\(Measure.format(gap, 1))-\(target).ppm")
                    }
                }
            }
        }
        return 0
    }
}
