import AshlarCore
import AshlarImage
import Foundation

/// `ashlar-bench build --images 1`: a site of N local 24-MP JPEGs (the generated photo of
/// `ashlar-bench images`, each copy made distinct by a comment segment, so each has its own
/// digest and its own renditions), built cold, rebuilt with nothing changed, and built from a
/// fresh copy (new modification times, no output, no build state) with the rendition cache kept,
/// as a CI run that restores the cache. The cold build is compared with the ideal: the time
/// AshlarImage takes for one photo's renditions, times N, divided by the cores.
struct ImageBuildBenchmark {
    var photos: Int
    var keep = false

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-bench-\(UUID().uuidString)")
        let source = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        defer {
            if keep { print("  kept: \(root.path)") } else { try? FileManager.default.removeItem(at: root) }
        }
        // The build state goes in the benchmark's folder, so "fresh" can start without it.
        setenv("XDG_CACHE_HOME", root.appendingPathComponent("state").path, 1)
        let original = try Self.makeSite(in: root, source: source, photos: photos)
        sync()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("build --images: \(photos) photos, 24 MP JPEGs of \(original.count / 1_000_000) MB, \(cores) cores")

        let widths = RenditionWidths.forPhoto(
            width: 6000,
            widths: RenditionWidths.defaults(
                breakpoints: Breakpoint.defaults, gap: 8, geometry: PageGeometry(), maxWidth: 2560))
        var perPhoto = Double.infinity
        for _ in 0..<3 {
            perPhoto = min(
                perPhoto,
                Measure.seconds { _ = try? Renditions.make(from: original, widths: widths, quality: 82) })
        }
        let ideal = perPhoto * Double(photos) / Double(cores)
        print(
            "  AshlarImage, one photo (widths \(widths.map(String.init).joined(separator: ", "))): \(Measure.format(perPhoto)) s; ideal for \(photos) on \(cores) cores: \(Measure.format(ideal, 1)) s"
        )

        let output = source.appendingPathComponent("_site")
        let builder = SiteBuilder(
            paths: SitePaths(source: source, output: output, displaySource: source.path))
        let cold = try measure("cold", builder)
        print("    cold / ideal: \(Measure.format(cold / ideal, 2))")
        _ = try measure("no-op rebuild", builder)
        // A fresh checkout: new times, no output, no build state; the cache restored.
        try? FileManager.default.removeItem(at: output)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("state"))
        let now = Date()
        let files = FileManager.default.enumerator(at: source, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.path.contains("/.ashlar-cache") { continue }
            try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
        }
        let fresh = try measure("fresh copy + cache", builder)
        print("    fresh / cold: \(Measure.format(fresh / cold, 3))")
    }

    /// Writes `photos` distinct copies of the generated 24 MP photo (or of it scaled to `width`
    /// pixels wide), each with a sidecar, in albums of 100 under `source`; returns the photo.
    static func makeSite(in root: URL, source: URL, photos: Int, width: Int? = nil) throws -> [UInt8] {
        guard var photo = try ImageBenchPhotos.make(in: root, count: 1).first else {
            throw BenchFailure("build --images: the photo was not generated")
        }
        if let width {
            let scaled = root.appendingPathComponent("scaled.jpg").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                "import sys; from PIL import Image; im = Image.open(sys.argv[1]); w = int(sys.argv[3]); "
                    + "im.resize((w, w * im.height // im.width), Image.LANCZOS).save(sys.argv[2], quality=92, subsampling=2)",
                photo, scaled, String(width),
            ]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw BenchFailure("could not scale the photo with Pillow") }
            photo = scaled
        }
        guard let data = FileManager.default.contents(atPath: photo) else {
            throw BenchFailure("build --images: the photo was not generated")
        }
        let original = [UInt8](data)
        for index in 0..<photos {
            let album = source.appendingPathComponent(String(format: "album-%03d", index / 100))
            try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
            guard let bytes = DistinctCopy.jpeg(original, copy: index) else {
                throw BenchFailure("build --images: the generated photo is not a JPEG")
            }
            let name = String(format: "photo-%05d", index)
            try Data(bytes).write(to: album.appendingPathComponent(name + ".jpg"))
            try Data(#"{"title": "Photo \#(index)", "alt": "A generated scene, number \#(index)"}"#.utf8).write(
                to: album.appendingPathComponent(name + ".jpg.json"))
        }
        return original
    }

    private func measure(_ label: String, _ builder: SiteBuilder) throws -> Double {
        var outcome: Result<SiteBuilder.Result, BuildError>?
        var seconds = 0.0
        var cpu = 0.0
        let peak = PhaseMemory.measure {
            cpu = CPUTime.ofThisProcess {
                seconds = Measure.seconds {
                    do throws(BuildError) {
                        outcome = .success(try builder.build())
                    } catch {
                        outcome = .failure(error)
                    }
                }
            }
        }.peak
        guard let result = try outcome?.get() else { throw BenchFailure("\(label): the build did not run") }
        try BuildBenchmark.check(result, expectedPhotos: photos, label: label)
        print(
            "  \(label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(Measure.format(seconds)) s, CPU \(Measure.format(cpu, 1)) s, \(result.renditionsMade) renditions made, \(result.renditionsReused) reused, \(result.filesWritten) files written, peak memory \(peak)"
        )
        return seconds
    }
}
