import AshlarTestSupport
import Foundation
import Testing

/// One intra picture of FFmpeg's `testsrc2` pattern encoded by libx265 (through ffmpeg) into
/// `folder`: `options` go to x265, except `pixfmt=…`, which picks ffmpeg's pixel format
/// (default `yuv420p`). Returns the raw HEVC stream's file.
enum X265TestPicture {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func encode(size: String, options: String, base: String, in folder: TemporaryFolder) throws -> URL {
        let ffmpeg = try RequiredTool.require(tool: "ffmpeg")
        let pixelFormat =
            options.split(separator: ":").first { $0.hasPrefix("pixfmt=") }.map { String($0.dropFirst(7)) } ?? "yuv420p"
        let x265 = options.split(separator: ":").filter { !$0.hasPrefix("pixfmt=") }.joined(separator: ":")
        let output = folder.url.appendingPathComponent("picture.hevc")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=\(size)", "-frames:v", "1",
            "-pix_fmt", pixelFormat, "-c:v", "libx265", "-x265-params", base + x265, output.path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "ffmpeg could not encode \(size) with \(options)")
        }
        return output
    }
}
