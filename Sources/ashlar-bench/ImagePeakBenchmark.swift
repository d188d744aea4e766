import AshlarCore
import AshlarImage
import AshlarPlatform
import Foundation

/// `ashlar-bench images peak [FOLDER…] [--runs R]`: each photo's renditions made as a gallery
/// build makes them (its default widths, quality 82), one photo a child process
/// (`ashlar-bench images one PATH`, not listed in the usage), so that each photo's peak resident
/// memory is its own: measured from the outside, the child's `ru_maxrss` as `wait4` reports it,
/// beside the estimate `Renditions.memoryNeeded` admits the photo by.
extension ImageBenchmark {
    /// The folders `peak` reads when given none: the twelve camera photos.
    static let realPhotoFolders = ["../shared/photos", "../shared/photos-mixed"]

    static func peak(_ arguments: [String]) throws -> Int32 {
        var folders: [String] = []
        var runs = 1
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--runs" {
                runs = try runCount(arguments, at: &index)
            } else if argument.hasPrefix("--") {
                try BenchOptions.check(String(argument.dropFirst(2)), command: "images peak", among: ["runs"])
            } else {
                folders.append(argument)
            }
        }
        let photos = try photoFiles(in: folders.isEmpty ? realPhotoFolders : folders)
        guard let executable = Bundle.main.executablePath else {
            throw ImageBenchmarkError("cannot find my own executable")
        }
        var measured = [[PhotoPeak]](repeating: [], count: photos.count)
        var floor = 0.0
        // Round after round over every photo, so that a busy moment of the machine does not
        // land on one photo's runs only.
        for _ in 0..<runs {
            for (slot, path) in photos.enumerated() {
                PhaseMemory.reset()
                floor = max(floor, residentMiB)
                measured[slot].append(try PhotoPeak.measure(path, executable: executable))
            }
        }
        print(
            "images peak: \(photos.count) photos, a gallery's default widths (317 to 2,560 px), quality 82, "
                + "one child process a photo, median of \(runs) run\(runs == 1 ? "" : "s")")
        print(
            "  peak: the child's peak resident memory (wait4's ru_maxrss); above start: that less what the child "
                + "held once it had read the file; estimate: Renditions.memoryNeeded; CPU: the child's user + system")
        print("  the bench held \(Measure.format(floor, 1)) MiB when it started a child: no peak can read lower")
        let rows = photos.indices.map { PhotoPeak.median(of: measured[$0]).row(name: photos[$0]) }
        for line in TextTable(header: PhotoPeak.header, rows: rows).lines() { print(line) }
        return 0
    }

    /// The JPEG, PNG and HEIC files of `folders`, sorted by name within each folder.
    static func photoFiles(in folders: [String]) throws -> [String] {
        var photos: [String] = []
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            let extensions = [".jpg", ".jpeg", ".png", ".heic", ".heif", ".hif"]
            photos += names.filter { extensions.contains(where: $0.lowercased().hasSuffix) }.map { folder + "/" + $0 }
        }
        guard !photos.isEmpty else {
            throw ImageBenchmarkError("no JPEG, PNG or HEIC files in \(folders.joined(separator: ", "))")
        }
        return photos
    }

    /// `ashlar-bench images one PATH`: one photo's renditions, made as a build makes them, for
    /// `peak`, which reads what this process used when it ends. Prints the facts `PhotoPeak`
    /// reads.
    static func one(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 1, let path = arguments.first else {
            throw BenchUsageError("usage: ashlar-bench images one PATH")
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let start = residentMiB
        let widths = try galleryWidths(bytes, path: path)
        let plan: RenditionPlan
        let made: RenditionSet
        do {
            plan = try RenditionPlan(bytes, widths: widths)
            made = try Renditions.make(plan, quality: RenditionSettings().quality)
        } catch {
            throw ImageBenchmarkError("\(path): \(error.message)")
        }
        print(PhotoPeak.Field.megapixels.line(Double(made.width * made.height) / 1e6))
        print(PhotoPeak.Field.progressive.line(kind(of: bytes) == "progressive" ? 1 : 0))
        print(PhotoPeak.Field.png.line(kind(of: bytes) == "PNG" ? 1 : 0))
        print(PhotoPeak.Field.heic.line(kind(of: bytes) == "HEIC" ? 1 : 0))
        print(PhotoPeak.Field.estimate.line(Double(plan.memoryNeeded) / 1_048_576))
        print(PhotoPeak.Field.start.line(start))
        return 0
    }

    /// The widths a gallery built with the defaults makes of this photo: the theme's widths up to
    /// 2,560 px, limited by the photo's width as it is shown (after its orientation).
    static func galleryWidths(_ bytes: [UInt8], path: String) throws -> [Int] {
        guard case .header(let header) = ImageHeaderReader.read(Array(bytes.prefix(ImageHeaderReader.maximumPrefix)))
        else { throw ImageBenchmarkError("\(path): no readable image header") }
        let turned = header.orientation >= 5
        let settings = RenditionSettings()
        return RenditionWidths.forPhoto(
            width: turned ? header.height : header.width, height: turned ? header.width : header.height,
            widths: RenditionWidths.defaults(
                breakpoints: Breakpoint.defaults, gap: SiteConfiguration.LayoutSettings().gap, geometry: PageGeometry(),
                maxWidth: settings.maxWidth),
            longestSide: settings.maxWidth)
    }

    /// "baseline", "progressive", "PNG" or "HEIC".
    static func kind(of bytes: [UInt8]) -> String {
        if ImageFormat.detect(bytes) == .png { return "PNG" }
        if ImageFormat.detect(bytes) == .heic { return "HEIC" }
        return (try? JPEGDecoder.info(bytes).isProgressive) == true ? "progressive" : "baseline"
    }
}
