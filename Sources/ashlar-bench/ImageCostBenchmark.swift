import AshlarImage
import Foundation

/// `ashlar-bench images memory PATH [--widths W,W,…]` and `images decode PATH [--scale N]
/// [--runs R]`: the measurements behind `ImageLimits.maxMemoryBytes` and `maxScanBlocks`.
extension ImageBenchmark {
    /// One photo's estimate (`Renditions.memoryNeeded`) against what making its renditions
    /// added to this process's resident memory at its peak. One photo a process: memory the
    /// allocator keeps after one photo would hide the next one's.
    static func memory(_ arguments: [String]) throws -> Int32 {
        var widths = Self.widths
        var paths: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--widths", index < arguments.count {
                widths = arguments[index].split(separator: ",").compactMap { Int($0) }
                index += 1
            } else {
                paths.append(argument)
            }
        }
        guard paths.count == 1, let path = paths.first, !widths.isEmpty else {
            throw BenchUsageError("usage: ashlar-bench images memory PATH [--widths W,W,…]")
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let estimate: Int
        do {
            estimate = try Renditions.memoryNeeded(for: bytes, widths: widths)
        } catch {
            print("\(path): refused: \(error.message)")
            return 0
        }
        let isolated = PhaseMemory.reset()
        let before = residentMiB
        let made = Result { () throws(ImageError) in try Renditions.make(from: bytes, widths: widths, quality: 82) }
        let peak = Measure.ownPeakMemoryMiB
        let outcome = (try? made.get()).map { "\($0.width)×\($0.height)" } ?? "refused"
        print(
            "\(path): \(outcome), estimate \(Measure.format(Double(estimate) / 1_048_576, 1)) MiB, "
                + "measured \(Measure.format(peak - before, 1)) MiB above \(Measure.format(before, 1))"
                + (isolated ? "" : " (peak since start)"))
        return 0
    }

    /// `JPEGDecoder.decode` timed, with the scans and the blocks they decode: the time a block
    /// visit costs.
    static func decode(_ arguments: [String]) throws -> Int32 {
        var scale = JPEGScale.eighth
        var runs = 3
        var path: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--runs": runs = try runCount(arguments, at: &index)
            case "--scale":
                guard index < arguments.count, let value = Int(arguments[index]),
                    let chosen = JPEGScale(rawValue: value)
                else { throw BenchUsageError("'--scale' takes 1, 2, 4 or 8") }
                scale = chosen
                index += 1
            default: path = argument
            }
        }
        guard let path else { throw BenchUsageError("usage: ashlar-bench images decode PATH [--scale N] [--runs R]") }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let unlimited = ImageLimits(maxScans: .max, maxScanBlocks: .max, maxMemoryBytes: .max)
        let (scans, blocks) = try JPEGHeader.scanWork(bytes)
        var best = Double.infinity
        for _ in 0..<max(runs, 1) {
            var failure: ImageError?
            best = min(
                best,
                CPUTime.ofThisProcess {
                    do throws(ImageError) {
                        _ = try JPEGDecoder.decode(bytes, scale: scale, limits: unlimited)
                    } catch {
                        failure = error
                    }
                })
            if let failure { throw ImageBenchmarkError("\(path): \(failure)") }
        }
        print(
            "\(path): \(scans) scans decoding \(blocks) blocks at 1/\(scale.rawValue): "
                + "\(Measure.format(best * 1000, 1)) ms, \(Measure.format(best * 1e9 / Double(max(blocks, 1)), 1)) ns a block"
        )
        return 0
    }

    /// This process's resident memory now, in MiB (`VmRSS`).
    static var residentMiB: Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kibibytes = Double(line.dropFirst("VmRSS:".count).trimmingCharacters(in: .whitespaces).dropLast(3))
        else { return 0 }
        return kibibytes / 1024
    }
}
