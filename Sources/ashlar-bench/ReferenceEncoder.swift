import AshlarImage
import Foundation

/// The encoders `ashlar-bench quality` measures Ashlar's against, run as installed command-line
/// tools at a sweep of qualities each, and their decoders.
enum ReferenceEncoder: CaseIterable, Sendable {
    /// libjpeg-turbo baseline with optimised Huffman tables: what Ashlar's encoder reproduces.
    case cjpeg
    /// The same, progressive: the same coefficients, so the same pixels, in fewer bytes.
    case cjpegProgressive
    /// libwebp at its slowest and best method.
    case cwebp
    /// libavif with libaom at its default speed, constant quality (the sweep gives `cq-level`,
    /// 0…63, lower is better), 4:4:4 (its default for a PNG).
    case avifenc

    var label: String {
        switch self {
        case .cjpeg: "cjpeg"
        case .cjpegProgressive: "cjpeg -progressive"
        case .cwebp: "cwebp -m 6"
        case .avifenc: "avifenc -s 6"
        }
    }

    /// The command line, with `Q` for the sweep's quality.
    var commandLine: String {
        switch self {
        case .cjpeg: "cjpeg -quality Q -optimize (libjpeg-turbo)"
        case .cjpegProgressive: "cjpeg -quality Q -optimize -progressive"
        case .cwebp: "cwebp -q Q -m 6, decoded by dwebp"
        case .avifenc: "avifenc -s 6 -j 1 --min 0 --max 63 -a end-usage=q -a cq-level=Q (4:4:4), avifdec"
        }
    }

    /// The encoder and decoder it needs, both installed or it is left out.
    var tools: [String] {
        switch self {
        case .cjpeg, .cjpegProgressive: ["/usr/bin/cjpeg"]
        case .cwebp: ["/usr/bin/cwebp", "/usr/bin/dwebp"]
        case .avifenc: ["/usr/bin/avifenc", "/usr/bin/avifdec"]
        }
    }

    var isInstalled: Bool {
        tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Encodes the reference (`reference.ppm`, and `reference.png` for avifenc, in `directory`) at
    /// `quality` and decodes the result: its bytes and its pixels.
    func encode(quality: Int, in directory: URL) throws -> (bytes: Int, decoded: PixelImage) {
        let ppm = directory.appendingPathComponent("reference.ppm").path
        let png = directory.appendingPathComponent("reference.png").path
        let base = directory.appendingPathComponent("\(self)-\(quality)").path
        let q = String(quality)
        switch self {
        case .cjpeg, .cjpegProgressive:
            let output = base + ".jpg"
            let progressive = self == .cjpegProgressive ? ["-progressive"] : []
            try run([tools[0], "-quality", q, "-optimize"] + progressive + ["-outfile", output, ppm])
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
            return (bytes.count, try JPEGDecoder.decode(bytes).image)
        case .cwebp:
            try run([tools[0], "-quiet", "-q", q, "-m", "6", ppm, "-o", base + ".webp"])
            try run([tools[1], "-quiet", base + ".webp", "-ppm", "-o", base + ".ppm"])
            return (try size(base + ".webp"), try ImagePNM.read(base + ".ppm"))
        case .avifenc:
            try run([
                tools[0], "-s", "6", "-j", "1", "--min", "0", "--max", "63", "-a", "end-usage=q",
                "-a", "cq-level=\(q)", png, base + ".avif",
            ])
            try run([tools[1], "-d", "8", "--png-compress", "0", base + ".avif", base + ".png"])
            let decoded = [UInt8](try Data(contentsOf: URL(fileURLWithPath: base + ".png")))
            return (try size(base + ".avif"), try PNGDecoder.decode(decoded).image)
        }
    }

    private func run(_ command: [String]) throws {
        _ = try ImageBenchmark.capture(command)
    }

    private func size(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }
}
