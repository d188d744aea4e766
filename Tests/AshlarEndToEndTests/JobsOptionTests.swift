import AshlarTestSupport
import Foundation
import Testing

/// `--jobs N` caps how much a build does at once; what it builds does not depend on it.
@Suite struct JobsOptionTests {
    /// Every file under `folder`, by relative path, with its bytes.
    static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func oneJobBuildsWhatEveryCoreBuilds() throws {
        let folder = try TemporaryFolder("ashlar-jobs")
        let example = Ashlar.packageRoot.appendingPathComponent("site-example")
        let one = try Ashlar.run([
            "build", example.path, "--output", folder.url.appendingPathComponent("one").path, "--jobs", "1",
        ])
        let all = try Ashlar.run(["build", example.path, "--output", folder.url.appendingPathComponent("all").path])
        #expect(one.status == 0 && all.status == 0, "\(one.stderr)\(all.stderr)")
        let first = try Self.files(in: folder.url.appendingPathComponent("one"))
        #expect(first.count > 100)
        #expect(first == (try Self.files(in: folder.url.appendingPathComponent("all"))))
    }

    @Test(arguments: ["0", "-2", "many", "2000"])
    func refusesWhatIsNotACount(value: String) throws {
        let folder = try TemporaryFolder("ashlar-jobs")
        let run = try Ashlar.run(["build", ".", "--jobs", value], in: folder.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--jobs' must be a number from 1 to 1024"), "\(run.stderr)")
    }
}
