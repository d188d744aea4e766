import AshlarImage
import Foundation
import Testing

/// Every JPEG and PNG of the public decoder test suites in `../shared/image-suites` (PngSuite,
/// libjpeg-turbo's testimages, Pillow's and image-rs's test images, corrupt files included) gets
/// the same verdict from `ashlar build` as from AshlarImage: the build publishes exactly the files
/// the decoder decodes, and leaves out the others with an error naming them.
@Suite(.enabled(if: ImageSuites.isAvailable, "the image suites are not at ../shared/image-suites"))
struct ImageSuiteTests {
    @Test func buildPublishesExactlyWhatTheDecoderDecodes() throws {
        let workspace = try TemporaryFolder()
        let source = workspace.url.appendingPathComponent("src")
        var decodes: [String: Bool] = [:]
        let walker = FileManager.default.enumerator(at: ImageSuites.directory, includingPropertiesForKeys: nil)
        let root = ImageSuites.directory.standardizedFileURL.path + "/"
        while let url = walker?.nextObject() as? URL {
            guard ["jpg", "jpeg", "png"].contains(url.pathExtension.lowercased()) else { continue }
            let name = String(url.standardizedFileURL.path.dropFirst(root.count))
            let bytes = [UInt8](try Data(contentsOf: url))
            decodes["src/" + name] = (try? Renditions.check(bytes)) != nil
            let copy = source.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: url, to: copy)
        }
        try #require(decodes.count > 400, "found \(decodes.count) suite images")

        let run = try Ashlar.run(["build", "src", "--json"], in: workspace.url)
        #expect(!run.wasSignalled, "\(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any]
        let diagnostics = report?["diagnostics"] as? [[String: Any]] ?? []
        let refused = Set(
            diagnostics.filter { $0["severity"] as? String == "error" }.compactMap { $0["path"] as? String })
        var disagreements: [String] = []
        for (path, decoded) in decodes.sorted(by: { $0.key < $1.key }) where decoded == refused.contains(path) {
            let message = diagnostics.first { $0["path"] as? String == path }?["message"] as? String ?? ""
            disagreements.append("\(path): decoder \(decoded ? "decodes" : "refuses"), build \(message)")
        }
        #expect(disagreements == [], "\(disagreements.count) of \(decodes.count) files")
        let refusedCount = decodes.values.count { !$0 }
        #expect(report?["errors"] as? Int == refusedCount)
        print(
            "image suites: \(decodes.count) files, \(decodes.count - refusedCount) decoded and published, \(refusedCount) refused"
        )
    }
}

/// The suites' folder, beside the package.
enum ImageSuites {
    static let directory = Ashlar.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/image-suites", isDirectory: true)

    /// When the suites are there, and always in CI, where their absence fails the test.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.path) || RequiredTool.inCI
    }
}
