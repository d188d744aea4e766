import AshlarImage
import Foundation

/// `ashlar-bench images …`: the image pipeline's speed against Pillow and libvips.
///
/// - `images [FOLDER] [--runs R]`: renditions 480, 960 and 1920 px wide of each large photo.
/// - `images resize IN.pnm WIDTH HEIGHT [OUT.pnm] [--linear] [--runs R]`: the resampler alone,
///   timed; with `--linear`, in linear light (the measurement behind resampling encoded values).
/// - `images peak [FOLDER…] [--runs R]`: each photo's measured peak memory and CPU time, a
///   child process a photo, beside the estimate (`ImagePeakBenchmark.swift`).
/// - `images memory PATH [--widths W,W,…]`: the memory estimate for one photo against its
///   measured peak; `images decode PATH [--scale N] [--runs R]`: a JPEG decode's time a block
///   its scans decode (`ImageCostBenchmark.swift`).
/// - `images encode [--widths W,W,…] [--quality Q] PHOTO…`: the JPEG encoder alone, libjpeg's
///   settings against the perceptual ones, with a digest of the files (`ImageEncodeBenchmark.swift`).
/// - `images gap [--gaps G,G,…] [--out DIR] PHOTO…`: decode scale against sharpness, the
///   measurement behind `Renditions.reducingGap` (`ImageGapBenchmark.swift`).
/// - `images glance [--runs R] PHOTO…`: the rendition cache's content check, its cost and its
///   tolerance (`ImageGlanceBenchmark.swift`).
/// - `images heic [--runs R] PHOTO…`: HEIC decoding, Ashlar against `heif-convert` on one core
///   (`ImageHEICBenchmark.swift`).
struct ImageBenchmark {
    var folder: String?
    var runs: Int

    static func main(_ arguments: [String]) -> Int32 {
        do {
            switch arguments.first {
            case "resize": return try resize(Array(arguments.dropFirst()))
            case "photo": return try photo(Array(arguments.dropFirst()))
            case "memory": return try memory(Array(arguments.dropFirst()))
            case "peak": return try peak(Array(arguments.dropFirst()))
            case "one": return try one(Array(arguments.dropFirst()))
            case "decode": return try decode(Array(arguments.dropFirst()))
            case "gap": return try gap(Array(arguments.dropFirst()))
            case "encode": return try encode(Array(arguments.dropFirst()))
            case "glance": return try glance(Array(arguments.dropFirst()))
            case "heic": return try heic(Array(arguments.dropFirst()))
            default: return try ImageBenchmark(arguments).run()
            }
        } catch let error as BenchUsageError {
            FileHandle.standardError.write(Data("ashlar-bench: error: \(error)\n".utf8))
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
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--linear": linear = true
            case "--runs": runs = try runCount(arguments, at: &index)
            case _ where argument.hasPrefix("--"):
                try BenchOptions.check(
                    String(argument.dropFirst(2)), command: "images resize", among: ["linear", "runs"])
            default: positional.append(argument)
            }
        }
        guard positional.count >= 3, positional.count <= 4, let width = Int(positional[1]), width > 0,
            let height = Int(positional[2]), height > 0
        else {
            throw BenchUsageError(
                "usage: ashlar-bench images resize IN.pnm WIDTH HEIGHT [OUT.pnm] [--linear] [--runs R]")
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
        print(
            "\(image.width)×\(image.height) → \(width)×\(height) \(image.format)\(linear ? " linear" : ""): "
                + "\(Measure.format(best * 1000, 1)) ms, \(Measure.format(megapixels / best, 1)) MP/s (input)")
        if positional.count > 3 {
            try ImagePNM.write(result, to: positional[3])
        }
        return 0
    }
}

extension ImageBenchmark {
    /// The value of `--runs` at `index`, which moves past it.
    static func runCount(_ arguments: [String], at index: inout Int) throws(BenchUsageError) -> Int {
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw BenchUsageError("'--runs' needs a value (R)")
        }
        let text = arguments[index]
        index += 1
        guard let value = Int(text), value > 0 else {
            throw BenchUsageError("'--runs' must be a positive whole number, not '\(text)'")
        }
        return value
    }

    static let widths = [1920, 960, 480]
    static let quality = 85

    /// Folder of photos (nil: generate the default set) and runs per photo (the fastest counts).
    init(_ arguments: [String]) throws {
        var folder: String?
        var runs = 3
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--runs" {
                runs = try Self.runCount(arguments, at: &index)
            } else if argument.hasPrefix("--") {
                try BenchOptions.check(String(argument.dropFirst(2)), command: "images", among: ["runs"])
            } else if folder == nil {
                folder = argument
            } else {
                throw BenchUsageError("unexpected argument '\(argument)' for 'ashlar-bench images'")
            }
        }
        self.folder = folder
        self.runs = runs
    }

    func run() throws -> Int32 {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ashlar-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let photos: [String]
        if let folder {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            photos = names.filter { [".jpg", ".jpeg", ".png"].contains(where: $0.lowercased().hasSuffix) }
                .map { folder + "/" + $0 }
        } else {
            print("images: generating \(ImageBenchPhotos.sizes.count) photos (24, 33, 45 MP)…")
            photos = try ImageBenchPhotos.make(in: scratch)
        }
        guard !photos.isEmpty else { throw ImageBenchmarkError("no .jpg, .jpeg or .png files in \(folder ?? "")") }

        let pinned = FileManager.default.isExecutableFile(atPath: Self.taskset)
        let pillow =
            Self.pillowAvailable ? try Self.pillowTimes(photos, runs: runs, scratch: scratch, pinned: pinned) : nil
        let vips = FileManager.default.isExecutableFile(atPath: Self.vipsthumbnail)
        let widthList = Self.widths.map(String.init).joined(separator: ", ")
        print(
            "images: renditions \(widthList) px wide, JPEG quality \(Self.quality), one decode each, "
                + "\(pinned ? "pinned to core 0" : "not pinned (no taskset)"), fastest of \(runs) runs")
        print(
            "  times are CPU time (user + system), which other processes on the machine disturb far less than "
                + "wall-clock time")
        let pillowMethod =
            "Image.open, draft (to twice the widest: a reducing gap of 2, as Ashlar's), exif_transpose, "
            + "resize(LANCZOS) and save ×3, timed in Python"
        print("  Pillow: \(pillow == nil ? "not installed" : pillowMethod)")
        let vipsMethod = "vipsthumbnail ×3 (one process per rendition, shrink-on-load), the three processes' CPU time"
        print("  libvips: \(vips ? vipsMethod : "not installed")")
        let header = ["photo", "MP", "Ashlar ms", "Pillow ms", "libvips ms", "A/Pillow", "A/libvips", "peak MiB"]
        var rows: [[String]] = []
        var totals = (ashlar: 0.0, pillow: 0.0, vips: 0.0)
        for (index, path) in photos.enumerated() {
            let (milliseconds, peak, megapixels) = try Self.ashlarTime(path, runs: runs, pinned: pinned)
            let pillowMilliseconds = pillow?[index]
            let vipsMilliseconds = vips ? try Self.vipsTime(path, runs: runs, scratch: scratch, pinned: pinned) : nil
            totals.ashlar += milliseconds
            totals.pillow += pillowMilliseconds ?? 0
            totals.vips += vipsMilliseconds ?? 0
            rows.append([
                URL(fileURLWithPath: path).lastPathComponent, Measure.format(megapixels, 1),
                Measure.format(milliseconds, 0),
                pillowMilliseconds.map { Measure.format($0, 0) } ?? "–",
                vipsMilliseconds.map { Measure.format($0, 0) } ?? "–",
                pillowMilliseconds.map { Measure.format(milliseconds / $0, 2) } ?? "–",
                vipsMilliseconds.map { Measure.format(milliseconds / $0, 2) } ?? "–", Measure.format(peak, 0),
            ])
        }
        rows.append([
            "total", "", Measure.format(totals.ashlar, 0), pillow == nil ? "–" : Measure.format(totals.pillow, 0),
            vips ? Measure.format(totals.vips, 0) : "–",
            pillow == nil ? "–" : Measure.format(totals.ashlar / totals.pillow, 2),
            vips ? Measure.format(totals.ashlar / totals.vips, 2) : "–", "",
        ])
        for line in TextTable(header: header, rows: rows).lines() { print(line) }
        return 0
    }

    static let taskset = "/usr/bin/taskset"
    static let vipsthumbnail = "/usr/bin/vipsthumbnail"
    static let peakPrefix = "peak-memory-mib: "
    static let timePrefix = "milliseconds: "
    static let sizePrefix = "megapixels: "

    /// Our pipeline on one photo in a child process of its own (`ashlar-bench images photo PATH`),
    /// so that its peak memory is that photo's alone.
    static func ashlarTime(_ path: String, runs: Int, pinned: Bool) throws -> (Double, Double, Double) {
        guard let executable = Bundle.main.executablePath else {
            throw ImageBenchmarkError("cannot find my own executable")
        }
        let arguments = [executable, "images", "photo", path, "--runs", String(runs)]
        let output = try capture(pinned ? [taskset, "-c", "0"] + arguments : arguments)
        var values: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            for prefix in [peakPrefix, timePrefix, sizePrefix] where line.hasPrefix(prefix) {
                values[prefix] = Double(line.dropFirst(prefix.count))
            }
        }
        guard let milliseconds = values[timePrefix], let peak = values[peakPrefix], let megapixels = values[sizePrefix]
        else {
            throw ImageBenchmarkError("\(path): the child process failed: \(output)")
        }
        return (milliseconds, peak, megapixels)
    }

    /// `ashlar-bench images photo PATH [--runs R]`: the three renditions of one photo, timed.
    static func photo(_ arguments: [String]) throws -> Int32 {
        guard let path = arguments.first else { return 64 }
        let runs = arguments.count >= 3 ? Int(arguments[2]) ?? 1 : 1
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var best = Double.infinity
        var made: RenditionSet?
        for _ in 0..<max(runs, 1) {
            var failure: Error?
            best = min(
                best,
                CPUTime.ofThisProcess {
                    do {
                        made = try Renditions.make(from: bytes, widths: widths, quality: quality)
                    } catch {
                        failure = error
                    }
                })
            if let failure { throw ImageBenchmarkError("\(path): \(failure)") }
        }
        print(sizePrefix + String(Double((made?.width ?? 0) * (made?.height ?? 0)) / 1e6))
        print(timePrefix + String(best * 1000))
        print(peakPrefix + String(Measure.ownPeakMemoryMiB))
        return 0
    }

    static var pillowAvailable: Bool {
        (try? capture(["/usr/bin/env", "python3", "-c", "import PIL"])) != nil
    }

    /// Pillow's time per photo, fastest of `runs`, measured inside one Python process.
    static func pillowTimes(_ photos: [String], runs: Int, scratch: URL, pinned: Bool) throws -> [Double] {
        let script = """
            import io, sys, time
            from PIL import Image, ImageOps
            runs = int(sys.argv[1])
            for path in sys.argv[2:]:
                best = float("inf")
                for _ in range(runs):
                    start = time.process_time()
                    image = Image.open(path)
                    width, height = image.size
                    if image.getexif().get(0x0112, 1) >= 5:
                        width, height = height, width
                    # A reducing gap of 2, as Pillow's own thumbnail() and Ashlar (Renditions.reducingGap).
                    request = (2 * \(widths.max() ?? 1920), round(2 * height * \(widths.max() ?? 1920) / width))
                    image.draft("RGB", request if width == image.size[0] else request[::-1])
                    profile = image.info.get("icc_profile")
                    image = ImageOps.exif_transpose(image)
                    for target in (\(widths.map(String.init).joined(separator: ", "))):
                        size = (min(target, width), max(1, round(height * min(target, width) / width)))
                        resized = image.resize(size, Image.LANCZOS)
                        resized.save(io.BytesIO(), "JPEG", quality=\(quality), icc_profile=profile)
                    best = min(best, time.process_time() - start)
                print(best * 1000)
            """
        let arguments = ["/usr/bin/env", "python3", "-c", script, String(runs)] + photos
        let output = try capture(pinned ? [taskset, "-c", "0"] + arguments : arguments)
        let times = output.split(separator: "\n").compactMap { Double($0) }
        guard times.count == photos.count else { throw ImageBenchmarkError("Pillow failed: \(output)") }
        return times
    }

    /// libvips: one `vipsthumbnail` per rendition, as a build script would run it; CPU time of the
    /// three processes, fastest of `runs`.
    static func vipsTime(_ path: String, runs: Int, scratch: URL, pinned: Bool) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            var failure: Error?
            let seconds = CPUTime.ofChildren {
                for width in widths {
                    let arguments = [
                        vipsthumbnail, path, "--size", "\(width)x",
                        "-o", scratch.appendingPathComponent("vips-\(width).jpg").path + "[Q=\(quality)]",
                    ]
                    do { _ = try capture(pinned ? [taskset, "-c", "0"] + arguments : arguments) } catch {
                        failure = error
                    }
                }
            }
            if let failure { throw failure }
            best = min(best, seconds)
        }
        return best * 1000
    }

    /// Runs a command (VIPS_CONCURRENCY=1, so libvips uses one thread) and returns what it printed;
    /// throws when it fails.
    static func capture(_ command: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["VIPS_CONCURRENCY"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ImageBenchmarkError(
                "\(URL(fileURLWithPath: command[0]).lastPathComponent) exited with \(process.terminationStatus)")
        }
        return text
    }
}

struct ImageBenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
