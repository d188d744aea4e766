import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// Every JPEG and PNG of the public decoder test suites in `../shared/image-suites` (PngSuite,
/// libjpeg-turbo's testimages, Pillow's and image-rs's test images, corrupt files included) gets
/// the same verdict from `ashlar check` and `ashlar build` as from AshlarImage: the build publishes exactly the files
/// the decoder decodes, and leaves out the others with an error naming them.
@Suite(.tags(.slow), .enabled(if: ImageSuites.isAvailable, "the image suites are not at ../shared/image-suites"))
struct ImageSuiteTests {
    @Test func buildPublishesExactlyWhatTheDecoderDecodes() throws {
        let workspace = try TemporaryFolder()
        let source = workspace.url.appendingPathComponent("src")
        var decodes: [String: Bool] = [:]
        for file in try ImageSuites.files() {
            let bytes = [UInt8](try Data(contentsOf: file.url))
            // AshlarImage's verdict: the decode a build makes (not `Renditions.check`, which
            // stands in for it where no rendition is made, and is held to it here).
            let decoded = (try? Renditions.make(from: bytes, widths: [64], quality: 80)) != nil
            #expect(((try? Renditions.check(bytes)) != nil) == decoded, "Renditions.check on \(file.name)")
            decodes["src/" + file.name] = decoded
            let copy = source.appendingPathComponent(file.name)
            try FileManager.default.createDirectory(
                at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file.url, to: copy)
        }
        try #require(decodes.count > 400, "found \(decodes.count) suite images")

        for command in ["check", "build"] {
            let run = try Ashlar.run([command, "src", "--json"], in: workspace.url)
            #expect(!run.wasSignalled, "\(run.stderr)")
            let report = try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any]
            let diagnostics = report?["diagnostics"] as? [[String: Any]] ?? []
            let errors = diagnostics.filter { $0["severity"] as? String == "error" }
            let refused = Set(errors.compactMap { $0["path"] as? String })
            var disagreements: [String] = []
            for (path, decoded) in decodes.sorted(by: { $0.key < $1.key }) where decoded == refused.contains(path) {
                let message = errors.first { $0["path"] as? String == path }?["message"] as? String ?? "no error"
                disagreements.append("\(path): decoder \(decoded ? "decodes" : "refuses"), \(command): \(message)")
            }
            #expect(disagreements == [], "\(command): \(disagreements.count) of \(decodes.count) files")
            #expect(report?["errors"] as? Int == decodes.values.count { !$0 }, "\(command)")
        }
        let refusedCount = decodes.values.count { !$0 }
        print(
            "image suites: \(decodes.count) files, \(decodes.count - refusedCount) decoded and published, \(refusedCount) refused"
        )
    }
}
