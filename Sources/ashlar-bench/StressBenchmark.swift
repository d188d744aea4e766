import AshlarCore
import Foundation

/// `ashlar-bench stress`: sites at the edges of the possible — 100,000 photos in one album, 10,000
/// in one album, a folder nested 100 deep, 200-character file names, a 100,000-character title.
/// Each is built in a child process of its own (`ashlar-bench stress-build SOURCE`), which reports
/// its own peak memory, so that it is that build's alone. Fails when a build crashes, stops with
/// an error, or goes over its memory budget.
struct StressBenchmark {
    /// Photos in the largest case's one album.
    var photos: Int

    struct Case {
        var name: String
        /// The most memory the build may take, in MiB.
        var budget: Double
        /// Photos the source holds; a build that publishes fewer fails.
        var photos: Int
        var make: () throws -> SiteFolder
    }

    /// A generated source folder, removed when done.
    struct SiteFolder {
        var root: URL

        static func empty() throws -> SiteFolder {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-stress-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            return SiteFolder(root: root)
        }

        func write(_ text: String, to relative: String) throws {
            try write(Data(text.utf8), to: relative)
        }

        func write(_ data: Data, to relative: String) throws {
            let file = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }

        /// A photo: a PNG header and an Ashlar sidecar with its title.
        func photo(_ relative: String, title: String, index: Int) throws {
            try write(SyntheticSite.pngHeader(width: 800 + index % 1000, height: 600 + index * 7 % 1000), to: relative)
            try write(#"{"title": "\#(title)", "alt": "A synthetic photograph, number \#(index)"}"#, to: relative + ".json")
        }

        func remove() {
            try? FileManager.default.removeItem(at: root)
        }
    }

    var cases: [Case] {
        [
            Case(name: "\(Count.format(photos)) photos in one album", budget: 600, photos: photos) {
                SiteFolder(root: try SyntheticSite(photos: photos, albums: 1, xmpEvery: 0).root)
            },
            Case(name: "10,000 photos in one album", budget: 150, photos: 10_000) {
                SiteFolder(root: try SyntheticSite(photos: 10_000, albums: 1, xmpEvery: 0).root)
            },
            Case(name: "a folder nested 100 deep", budget: 150, photos: 100) {
                let site = try SiteFolder.empty()
                var path = ""
                for level in 1...100 {
                    path += "level-\(level)/"
                    try site.photo(path + "photo-\(level).png", title: "Photo at level \(level)", index: level)
                }
                return site
            },
            Case(name: "200-character file names", budget: 150, photos: 100) {
                let site = try SiteFolder.empty()
                for index in 0..<100 {
                    let stem = String(format: "%03d ", index) + String(repeating: "a very long file name ", count: 10).prefix(192)
                    try site.photo(stem + ".png", title: "Long name \(index)", index: index)
                }
                return site
            },
            Case(name: "100,000-character titles", budget: 150, photos: 100) {
                // The site's title (on every page) and one photo's title and caption, among 100 photos.
                let site = try SiteFolder.empty()
                let title = String(String(repeating: "A title <&> ", count: 8_334).prefix(100_000))
                try site.write(#"{"title": "\#(title)", "description": "\#(title)"}"#, to: "ashlar.json")
                for index in 0..<100 {
                    try site.photo("photo-\(index).png", title: "Photo \(index)", index: index)
                }
                try site.write(#"{"title": "\#(title)", "caption": "\#(title)", "alt": "A synthetic photograph"}"#, to: "photo-50.png.json")
                return site
            },
        ]
    }

    /// Builds every case; false when any failed.
    func run() throws -> Bool {
        print("stress: each case built with no previous output, in a process of its own, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        var passed = true
        for stressCase in cases {
            print("  \(stressCase.name)")
            let site = try stressCase.make()
            defer { site.remove() }
            let (status, signalled, seconds, peak, built) = try Self.runBuild(site.root)
            var verdict = "ok"
            if signalled {
                verdict = "FAILED: killed by signal \(status)"
            } else if status != 0 {
                verdict = "FAILED: exit \(status)"
            } else if built < stressCase.photos {
                verdict = "FAILED: \(Count.format(built)) photos built of the \(Count.format(stressCase.photos)) generated"
            } else if peak > stressCase.budget {
                verdict = "FAILED: over the budget of \(Measure.format(stressCase.budget, 0)) MiB"
            }
            passed = passed && verdict == "ok"
            print("    \(Measure.format(seconds, 2)) s, peak memory \(Measure.format(peak, 1)) MiB (budget \(Measure.format(stressCase.budget, 0))): \(verdict)")
        }
        return passed
    }

    /// Runs `ashlar-bench stress-build SOURCE`, echoes what it prints, and returns its exit status
    /// (or the signal that killed it), the wall time, and the peak memory and photo count it reported.
    static func runBuild(_ source: URL) throws -> (status: Int32, signalled: Bool, seconds: Double, peakMiB: Double, photos: Int) {
        guard let executable = Bundle.main.executablePath else { throw StressError("cannot find my own executable") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["stress-build", source.path]
        let output = Pipe()
        process.standardOutput = output
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        var peak = Double.infinity
        var photos = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix(peakPrefix), let value = Double(line.dropFirst(peakPrefix.count)) {
                peak = value
            } else if line.hasPrefix(photosPrefix), let value = Int(line.dropFirst(photosPrefix.count)) {
                photos = value
            } else {
                print(line)
            }
        }
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, seconds, peak, photos)
    }

    static let peakPrefix = "peak-memory-mib: "
    static let photosPrefix = "photos-built: "

    /// `ashlar-bench stress-build SOURCE`: one build into an empty `SOURCE/_site`, as `ashlar build`
    /// does it; prints a summary, and exits 1 when the build stops or reports an error.
    static func build(_ source: String) -> Int32 {
        let root = URL(fileURLWithPath: source)
        let paths = SitePaths(source: root, output: root.appendingPathComponent("_site"), displaySource: source)
        do {
            let result = try SiteBuilder(paths: paths).build()
            for diagnostic in result.diagnostics.prefix(5) where diagnostic.severity == .error {
                FileHandle.standardError.write(Data("    \(diagnostic.description.prefix(300))\n".utf8))
            }
            print("    \(Count.format(result.photoCount)) photos, \(Count.format(result.pageCount)) pages, \(Count.format(result.filesWritten)) files written, \(result.warningCount) warnings, \(result.errorCount) errors")
            print(peakPrefix + String(Measure.ownPeakMemoryMiB))
            print(photosPrefix + String(result.photoCount))
            return result.errorCount == 0 ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("    \(error.description)\n".utf8))
            return 1
        }
    }

    struct StressError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// `100000` → `100,000`.
enum Count {
    static func format(_ count: Int) -> String {
        var digits = String(count)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }
}
