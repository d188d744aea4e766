import AshlarImage
import Foundation

extension ImageBenchmark {
    /// `images heic PATH… [--runs R]`: each HEIC's primary image decoded by Ashlar (HEVC, grid,
    /// colour conversion to RGB, transforms: `HEIFImageDecoder` with `HEVCStillImageCodec`, on one
    /// thread) and by `heif-convert` (libheif and libde265, writing Y′CbCr as Y4M, no colour
    /// conversion) pinned to one core with `taskset -c 0`, in alternating runs; CPU seconds, the
    /// medians and their ratio.
    static func heic(_ arguments: [String]) throws -> Int32 {
        var runs = 5
        var paths: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--runs": runs = try runCount(arguments, at: &index)
            default: paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw BenchUsageError("usage: ashlar-bench images heic PATH… [--runs R]") }
        let reference = ["/usr/bin/taskset", "/usr/bin/heif-convert"]
        let referenceAvailable = reference.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-bench-heic-\(getpid()).y4m")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let decoder = HEIFImageDecoder(codec: HEVCStillImageCodec(), limits: ImageLimits(maxMemoryBytes: .max))
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            var ours: [Double] = []
            var theirs: [Double] = []
            var size = ""
            var referenceFails = !referenceAvailable
            for _ in 0..<max(runs, 1) {
                var failure: ImageError?
                ours.append(
                    CPUTime.ofThisProcess {
                        do throws(ImageError) {
                            let decoded = try decoder.decode(bytes)
                            size = "\(decoded.image.width)×\(decoded.image.height)"
                        } catch {
                            failure = error
                        }
                    })
                if let failure { throw ImageBenchmarkError("\(path): \(failure)") }
                guard !referenceFails else { continue }
                var status: Int32 = 0
                theirs.append(
                    CPUTime.ofChildren {
                        let process = Process()
                        process.executableURL = URL(fileURLWithPath: reference[0])
                        process.arguments = ["-c", "0", reference[1], path, scratch.path]
                        process.standardOutput = FileHandle.nullDevice
                        process.standardError = FileHandle.nullDevice
                        do {
                            try process.run()
                            process.waitUntilExit()
                            status = process.terminationStatus
                        } catch {
                            status = -1
                        }
                    })
                if status != 0 {
                    // libheif 1.15 refuses some files (an iPhone 15's tone-mapped primary item).
                    referenceFails = true
                    theirs = []
                }
            }
            let ourMedian = Median.of(ours)
            var line = "\(path) (\(size)): Ashlar \(Measure.format(ourMedian * 1000, 0)) ms"
            if referenceAvailable && theirs.isEmpty {
                line += "; heif-convert cannot decode it"
            } else if !theirs.isEmpty {
                let theirMedian = Median.of(theirs)
                line +=
                    ", heif-convert \(Measure.format(theirMedian * 1000, 0)) ms: "
                    + "\(Measure.format(ourMedian / max(theirMedian, 1e-9), 2))× (medians of \(ours.count) alternating runs, CPU time)"
            }
            print(line)
        }
        return 0
    }
}
