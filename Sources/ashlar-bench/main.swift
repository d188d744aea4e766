import AshlarCore
import Foundation

// ashlar-bench: measures Ashlar's stages. Run in release mode:
//   swift run -c release ashlar-bench layout --tiles 1000000 --breakpoints 4

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    print(
        "usage: ashlar-bench layout [--tiles N] [--breakpoints B] [--runs R]\n       ashlar-bench template [--tiles N] [--runs R]\n       ashlar-bench scan [--photos N] [--runs R] [--xmp-every K] [--embedded-every K]\n       ashlar-bench build [--photos N] [--keep 1] [--images 1]\n       ashlar-bench stress [--photos N]\n       ashlar-bench images [FOLDER] [--runs R]"
    )
    exit(64)
}
let options = BenchOptions(Array(arguments.dropFirst()))
switch command {
case "layout":
    LayoutBenchmark(
        tiles: options.integer("tiles", default: 1_000_000),
        breakpoints: options.integer("breakpoints", default: 4),
        runs: options.integer("runs", default: 5)
    ).run()
case "template":
    TemplateBenchmark(tiles: options.integer("tiles", default: 10_000), runs: options.integer("runs", default: 5)).run()
case "scan":
    do {
        try ScanBenchmark(
            photos: options.integer("photos", default: 10_000), runs: options.integer("runs", default: 3),
            xmpEvery: options.integer("xmp-every", default: 2),
            embeddedEvery: options.integer("embedded-every", default: 2)
        ).run()
    } catch {
        FileHandle.standardError.write(Data("ashlar-bench: \(error)\n".utf8))
        exit(1)
    }
case "build" where options.integer("images", default: 0) != 0:
    do {
        try ImageBuildBenchmark(
            photos: options.integer("photos", default: 1000), keep: options.integer("keep", default: 0) != 0
        ).run()
    } catch {
        FileHandle.standardError.write(Data("ashlar-bench: \(error)\n".utf8))
        exit(1)
    }
case "build":
    do {
        try BuildBenchmark(
            photos: options.integer("photos", default: 10_000), keep: options.integer("keep", default: 0) != 0
        ).run()
    } catch {
        FileHandle.standardError.write(Data("ashlar-bench: \(error)\n".utf8))
        exit(1)
    }
case "stress":
    do {
        let passed = try StressBenchmark(photos: options.integer("photos", default: 100_000)).run()
        exit(passed ? 0 : 1)
    } catch {
        FileHandle.standardError.write(Data("ashlar-bench: \(error)\n".utf8))
        exit(1)
    }
case "images": exit(ImageBenchmark.main(Array(arguments.dropFirst())))
case "stress-build":
    // One case of `stress`, in a process of its own.
    guard arguments.count == 2 else { exit(64) }
    exit(StressBenchmark.build(arguments[1]))
default:
    FileHandle.standardError.write(Data("ashlar-bench: unknown benchmark '\(command)'\n".utf8))
    exit(64)
}
