// swift-tools-version:6.0
import PackageDescription

// AshlarImage is optimised in debug builds of a working copy too: every build makes renditions,
// and unoptimised, its pixel loops are about 70 times slower (a cold site-example: 113 s instead
// of 1.6 s). Only there: SwiftPM refuses a product with unsafe flags to a package that depends on
// Ashlar by version, and such a dependency is always checked out at a tag (a registry download
// has no Git information at all); branch and revision dependencies may use unsafe flags.
// `@_optimize(speed)` does nothing in a -Onone build, and SwiftPM refuses unsafe flags
// conditioned on a package trait all the same, even one that is not enabled.
let isWorkingCopy = Context.gitInformation.map { $0.currentTag == nil || $0.hasUncommittedChanges } ?? false
let imageSettings: [SwiftSetting] = isWorkingCopy ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "Ashlar",
    // Built and tested on Linux. On macOS it is meant to compile (untested: see Development.md);
    // `Mutex` (Synchronization) needs macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ashlar", targets: ["ashlar"]),
        .library(name: "AshlarCore", targets: ["AshlarCore"]),
        .library(name: "AshlarTemplate", targets: ["AshlarTemplate"]),
        .library(name: "AshlarImage", targets: ["AshlarImage"]),
    ],
    targets: [
        // The one place that knows Linux from Darwin: every system call that differs between them.
        .target(name: "AshlarPlatform"),
        // The Mustache-compatible engine. Knows nothing of photos.
        .target(name: "AshlarTemplate"),
        // JPEG and PNG decoding, resizing, encoding and metadata. Knows nothing of galleries.
        .target(name: "AshlarImage", swiftSettings: imageSettings),
        // Sidecars, catalog, layout, rendering and the site build.
        .target(
            name: "AshlarCore",
            dependencies: ["AshlarTemplate", "AshlarImage", "AshlarPlatform"],
            plugins: ["EmbedTemplatesPlugin"]
        ),
        // The command line: parses arguments, calls AshlarCore, prints, exits.
        .executableTarget(name: "ashlar", dependencies: ["AshlarCore", "AshlarPlatform"]),
        .executableTarget(name: "ashlar-bench", dependencies: ["AshlarCore", "AshlarImage", "AshlarPlatform"]),
        // Embeds Templates/ (the default theme) into AshlarCore at build time.
        .executableTarget(name: "ashlar-embed-templates"),
        .plugin(
            name: "EmbedTemplatesPlugin",
            capability: .buildTool(),
            dependencies: ["ashlar-embed-templates"],
            path: "Sources/EmbedTemplatesPlugin"
        ),
        // What several test targets share (a seeded random number generator, the shared material).
        .target(name: "AshlarTestSupport", dependencies: ["AshlarImage"], path: "Tests/AshlarTestSupport"),
        .testTarget(name: "AshlarTemplateTests", dependencies: ["AshlarTemplate", "AshlarTestSupport"]),
        .testTarget(
            name: "AshlarImageTests", dependencies: ["AshlarImage", "AshlarTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "AshlarCoreTests",
            dependencies: ["AshlarCore", "AshlarPlatform", "AshlarTestSupport"],
            exclude: ["Fixtures"]
        ),
        // Runs the built `ashlar` and `ashlar-bench` binaries on fixture sites and inspects the output.
        .testTarget(
            name: "AshlarEndToEndTests",
            dependencies: [
                "ashlar", "ashlar-bench", "AshlarCore", "AshlarImage", "AshlarPlatform", "AshlarTestSupport",
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
