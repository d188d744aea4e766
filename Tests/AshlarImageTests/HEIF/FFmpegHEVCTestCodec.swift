import AshlarTestSupport
import Foundation

@testable import AshlarImage

/// A stand-in codec for `HEIFImageDecoder`'s tests: each coded item written as an Annex B stream
/// (the `hvcC` parameter sets, then the item's NAL units) and decoded by FFmpeg's HEVC decoder,
/// bit-identical to libde265 on the shared HEICs (../shared/heic/README.md). It lets the
/// container, grid, colour and transform steps be checked against `heif-convert` on their own.
struct FFmpegHEVCTestCodec: HEIFCodedImageDecoding {
    var ffmpeg: String
    var ffprobe: String
    var folder: URL

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func decode(_ codec: HEIFCodec, data: ArraySlice<UInt8>, size: (width: Int, height: Int)) throws(ImageError)
        -> HEIFCodedPicture
    {
        guard case .hevc(let configuration) = codec else { throw ImageError(.unsupported, "not HEVC") }
        do {
            return try decodeHEVC(configuration, Array(data))
        } catch {
            throw ImageError(.malformed, "ffmpeg: \(error)")
        }
    }

    func decodeHEVC(_ configuration: [UInt8], _ data: [UInt8]) throws -> HEIFCodedPicture {
        // The container's own readers: the hvcC record and the item's length-prefixed NAL units.
        let record = try HEVCDecoderConfiguration(configuration)
        let bitDepth = record.bitDepthLuma
        var stream: [UInt8] = []
        for unit in record.nalUnits { stream += [0, 0, 0, 1] + unit }
        for unit in try HEVCNALUnit.lengthPrefixed(data[...], lengthSize: record.lengthSize) {
            stream += [0, 0, 0, 1] + unit
        }
        let file = folder.appendingPathComponent("item-\(UUID().uuidString).hevc")
        try Data(stream).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = try Self.run(
            ffprobe, ["-v", "error", "-f", "hevc", "-i", file.path, "-show_streams", "-of", "json"])
        let streams = try JSONSerialization.jsonObject(with: probe) as? [String: Any]
        guard let info = (streams?["streams"] as? [[String: Any]])?.first, let width = info["width"] as? Int,
            let height = info["height"] as? Int, let format = info["pix_fmt"] as? String
        else { throw Failure(description: "ffprobe found no picture") }
        let raw = [UInt8](
            try Self.run(
                ffmpeg, ["-v", "error", "-f", "hevc", "-i", file.path, "-frames:v", "1", "-f", "rawvideo", "-"]))
        let bytesPerSample = bitDepth > 8 ? 2 : 1
        // FFmpeg names full-range 4:2:0 "yuvj420p" (and so on).
        let layout = format.replacingOccurrences(of: "yuvj", with: "yuv")
        let shift: (Int, Int)? =
            layout.hasPrefix("gray")
            ? nil : layout.hasPrefix("yuv420") ? (1, 1) : layout.hasPrefix("yuv422") ? (1, 0) : (0, 0)
        func plane(_ offset: Int, _ planeWidth: Int, _ planeHeight: Int) throws -> YCbCrPlanes.Plane {
            let count = planeWidth * planeHeight
            guard offset + count * bytesPerSample <= raw.count else {
                throw Failure(description: "ffmpeg's output is short")
            }
            let samples = (0..<count).map { index in
                bytesPerSample == 1
                    ? UInt16(raw[offset + index])
                    : UInt16(raw[offset + 2 * index]) | UInt16(raw[offset + 2 * index + 1]) << 8
            }
            return YCbCrPlanes.Plane(
                samples: samples, width: planeWidth, height: planeHeight, stride: planeWidth, bitDepth: bitDepth)
        }
        let luma = try plane(0, width, height)
        var chroma: YCbCrPlanes.Chroma?
        if let (sx, sy) = shift {
            let cw = (width + (1 << sx) - 1) >> sx
            let ch = (height + (1 << sy) - 1) >> sy
            let size = width * height * bytesPerSample
            chroma = YCbCrPlanes.Chroma(
                cb: try plane(size, cw, ch), cr: try plane(size + cw * ch * bytesPerSample, cw, ch), shiftX: sx,
                shiftY: sy)
        }
        let matrices = [
            "gbr": 0, "bt709": 1, "fcc": 4, "bt470bg": 5, "smpte170m": 6, "smpte240m": 7, "ycgco": 8, "bt2020nc": 9,
            "bt2020c": 10,
        ]
        return HEIFCodedPicture(
            planes: YCbCrPlanes(luma: luma, chroma: chroma), width: width, height: height,
            matrixCoefficients: (info["color_space"] as? String).flatMap { matrices[$0] } ?? 2,
            fullRange: info["color_range"] as? String == "pc")
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) exited with \(process.terminationStatus)")
        }
        return data
    }
}
