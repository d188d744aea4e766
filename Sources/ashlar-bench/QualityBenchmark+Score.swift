import AshlarImage
import Foundation

extension QualityBenchmark {
    /// `ashlar-bench quality score REFERENCE DISTORTED`: prints the SSIMULACRA2 score of one pair.
    static func score(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 2, !arguments.contains(where: { $0.hasPrefix("--") }) else {
            throw BenchUsageError("usage: ashlar-bench quality score REFERENCE DISTORTED")
        }
        let images = try arguments.map(read)
        guard let score = SSIMULACRA2.score(reference: images[0], distorted: images[1]) else {
            throw ImageBenchmarkError(
                "\(arguments[1]): \(images[1].width)×\(images[1].height), not the size of the reference "
                    + "(\(images[0].width)×\(images[0].height))")
        }
        print(String(format: "%.8f", score))
        return 0
    }

    /// A JPEG or PNG (by its first bytes) or a binary PNM file, decoded.
    static func read(_ path: String) throws -> PixelImage {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        if bytes.starts(with: [0xFF, 0xD8]) {
            return try JPEGDecoder.decode(bytes).image
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return try PNGDecoder.decode(bytes).image
        }
        return try ImagePNM.read(path)
    }
}
