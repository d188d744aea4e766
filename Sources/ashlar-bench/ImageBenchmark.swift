import AshlarImage
import Foundation

/// `ashlar-bench images …`: the image pipeline's speed against Pillow and libvips.
///
/// - `images [FOLDER] [--runs R]`: renditions 480, 960 and 1920 px wide of each large photo.
/// - `images resize IN.pnm WIDTH HEIGHT [OUT.pnm] [--linear] [--runs R]`: the resampler alone,
///   timed; with `--linear`, in linear light (the measurement behind resampling encoded values).
struct ImageBenchmark {
    static func main(_ arguments: [String]) -> Int32 {
        do {
            if arguments.first == "resize" {
                return try resize(Array(arguments.dropFirst()))
            }
            return 64
        } catch {
            FileHandle.standardError.write(Data("ashlar-bench: \(error)\n".utf8))
            return 1
        }
    }

    static func resize(_ arguments: [String]) throws -> Int32 {
        var positional: [String] = []
        var linear = false
        var runs = 1
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--linear": linear = true
            case "--runs":
                index += 1
                runs = index < arguments.count ? Int(arguments[index]) ?? 1 : 1
            default: positional.append(arguments[index])
            }
            index += 1
        }
        guard positional.count >= 3, let width = Int(positional[1]), let height = Int(positional[2]) else {
            throw ImageBenchmarkError("usage: ashlar-bench images resize IN.pnm WIDTH HEIGHT [OUT.pnm] [--linear] [--runs R]")
        }
        let image = try ImagePNM.read(positional[0])
        var result = image
        var best = Double.infinity
        for _ in 0..<max(runs, 1) {
            let seconds = Measure.seconds {
                result = Resampler.resize(image, width: width, height: height, space: linear ? .linear : .encoded)
            }
            best = min(best, seconds)
        }
        let megapixels = Double(image.width * image.height) / 1e6
        print("\(image.width)×\(image.height) → \(width)×\(height) \(image.format)\(linear ? " linear" : ""): "
            + "\(Measure.format(best * 1000, 1)) ms, \(Measure.format(megapixels / best, 1)) MP/s (input)")
        if positional.count > 3 {
            try ImagePNM.write(result, to: positional[3])
        }
        return 0
    }
}

struct ImageBenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
