import Foundation

/// site-example built once per test process into a temporary folder.
enum SiteExample {
    static let source = Ashlar.packageRoot.appendingPathComponent("site-example")

    struct Built: Sendable {
        let output: URL
        let run: Ashlar.Run
    }

    /// Built lazily, once; the folder lives until the test process ends.
    static let built: Result<Built, BuildFailure> = {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ashlar-site-example-\(UUID().uuidString)")
        do {
            let run = try Ashlar.run(["build", source.path, "--output", output.path])
            guard run.status == 0 else {
                return .failure(BuildFailure(message: "ashlar build exited \(run.status): \(run.stderr)"))
            }
            return .success(Built(output: output, run: run))
        } catch {
            return .failure(BuildFailure(message: "\(error)"))
        }
    }()

    struct BuildFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Every `index.html` of the built site, relative to the output root.
    static func pages(in output: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: output.path) else { return [] }
        var pages: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix("index.html") { pages.append(relative) }
        }
        return pages.sorted()
    }
}
