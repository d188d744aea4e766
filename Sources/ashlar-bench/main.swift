import AshlarCore
import Foundation

// ashlar-bench: measures Ashlar's stages. Run in release mode:
//   swift run -c release ashlar-bench layout --tiles 1000000 --breakpoints 4

let usage = """
    usage: ashlar-bench layout [--tiles N] [--breakpoints B] [--runs R]
           ashlar-bench template [--tiles N] [--runs R]
           ashlar-bench scan [--photos N] [--runs R] [--xmp-every K] [--embedded-every K]
           ashlar-bench build [--photos N] [--keep 1] [--jobs J] [--scaling R] [--images 1]
           ashlar-bench shards [--photos N] [--shards S] [--width W] [--keep 1]
           ashlar-bench stress [--photos N]
           ashlar-bench scaling [--photos-dir DIR]… [--copies N] [--ashlar PATH] [--jobs-list J,J,…]
                                [--runs K] [--memory SIZE] [--keep 1]
           ashlar-bench images [FOLDER] [--runs R]
           ashlar-bench images peak [FOLDER…] [--runs R]
           ashlar-bench images memory PATH [--widths W,W,…]
           ashlar-bench images decode PATH [--scale N] [--runs R]
           ashlar-bench images encode [--widths W,W,…] [--quality Q] [--runs R] PHOTO…
           ashlar-bench images gap [--gaps G,G,…] [--out DIR] [--runs R] PHOTO…
           ashlar-bench quality [FOLDER…] [--widths W,W,…] [--quality Q] [--variants NAME,…]
                                [--sweep-widths W,W,…] [--cjpeg-qualities Q,Q,…]
                                [--webp-qualities Q,Q,…] [--avif-levels L,L,…]
           ashlar-bench quality score REFERENCE DISTORTED
    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("ashlar-bench: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    print(usage)
    exit(64)
}
switch command {
case "images": exit(ImageBenchmark.main(Array(arguments.dropFirst())))
case "quality": exit(QualityBenchmark.main(Array(arguments.dropFirst())))
case "scaling": exit(ScalingBenchmark.main(Array(arguments.dropFirst())))
case "stress-build":
    // One case of `stress`, in a process of its own.
    guard arguments.count == 2 else { exit(64) }
    exit(StressBenchmark.build(arguments[1]))
default: break
}
guard let names = BenchOptions.names[command] else {
    let commands = BenchOptions.names.keys.sorted() + ["images", "quality", "scaling"]
    let suggestion = Suggestion.closest(to: command, among: commands).map { "; did you mean '\($0)'?" } ?? ""
    fail("error: unknown benchmark '\(command)'\(suggestion)", status: 64)
}
do {
    let options = try BenchOptions(Array(arguments.dropFirst()), command: command, names: names)
    switch command {
    case "layout":
        LayoutBenchmark(
            tiles: options.integer("tiles", default: 1_000_000),
            breakpoints: options.integer("breakpoints", default: 4),
            runs: options.integer("runs", default: 5)
        ).run()
    case "template":
        TemplateBenchmark(tiles: options.integer("tiles", default: 10_000), runs: options.integer("runs", default: 5))
            .run()
    case "scan":
        try ScanBenchmark(
            photos: options.integer("photos", default: 10_000), runs: options.integer("runs", default: 3),
            xmpEvery: options.integer("xmp-every", default: 2),
            embeddedEvery: options.integer("embedded-every", default: 2)
        ).run()
    case "shards":
        let width = options.integer("width", default: 0)
        try ShardBenchmark(
            photos: options.integer("photos", default: 1000), shards: options.integer("shards", default: 4),
            width: width > 0 ? width : nil, keep: options.integer("keep", default: 0) != 0
        ).run()
    case "build" where options.integer("images", default: 0) != 0:
        try ImageBuildBenchmark(
            photos: options.integer("photos", default: 1000), keep: options.integer("keep", default: 0) != 0
        ).run()
    case "build":
        let jobs = options.integer("jobs", default: 0)
        try BuildBenchmark(
            photos: options.integer("photos", default: 10_000), keep: options.integer("keep", default: 0) != 0,
            jobs: jobs > 0 ? jobs : nil, scalingRuns: options.integer("scaling", default: 0)
        ).run()
    case "stress":
        let passed = try StressBenchmark(photos: options.integer("photos", default: 100_000)).run()
        exit(passed ? 0 : 1)
    default:
        fail("error: unknown benchmark '\(command)'", status: 64)
    }
} catch let error as BenchUsageError {
    fail("error: \(error)", status: 64)
} catch {
    fail("\(error)", status: 1)
}
