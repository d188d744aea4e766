import AshlarTestSupport
import Foundation
import Testing

@Suite struct InitCommandTests {
    @Test func createsASiteThatBuildsCleanly() throws {
        let folder = try TemporaryFolder("init")
        let run = try Ashlar.run(["init", "my-site"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        for path in [
            "ashlar.json", "example-album/album.json", "example-album/example.png", "example-album/example.png.json",
        ] {
            #expect(run.stdout.contains("created my-site/\(path)"))
            #expect(folder.exists("my-site/" + path))
        }
        #expect(run.stdout.contains("ashlar serve my-site"))
        let check = try Ashlar.run(["check", "--strict", "my-site"], in: folder.url)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.isEmpty)
        let build = try Ashlar.run(["build", "my-site"], in: folder.url)
        #expect(build.status == 0)
        #expect(build.stdout.contains("Built 1 photo in 2 albums"))
        let page = try folder.read("my-site/_site/example-album/example/index.html")
        #expect(page.contains("An example photo"))
        #expect(page.contains("Diagonal bands in slate, mauve, sand and cream"))
    }

    /// A folder that already holds albums gets ashlar.json and no example album, which would be
    /// published beside the photos.
    @Test func aFolderOfPhotosGetsNoExampleAlbum() throws {
        let folder = try TemporaryFolder("init")
        try folder.write(Data(TinyPNG.make(width: 3, height: 2)), to: "travels/rome/IMG_0001.png")
        let run = try Ashlar.run(["init"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("created ashlar.json"))
        #expect(!folder.exists("example-album"))
        #expect(run.stderr.contains(".: note: the folder already holds photos; no example album is added"))
        let build = try Ashlar.run(["build", "."], in: folder.url)
        #expect(build.stdout.contains("Built 1 photo in"), "\(build.stdout)")
    }

    @Test func neverOverwritesAFile() throws {
        let folder = try TemporaryFolder("init")
        try folder.write("{\"title\": \"Mine\"}\n", to: "ashlar.json")
        try folder.write("my notes", to: "example-album/album.json")
        let run = try Ashlar.run(["init"], in: folder.url)
        #expect(run.status == 0)
        #expect(try folder.read("ashlar.json") == "{\"title\": \"Mine\"}\n")
        #expect(try folder.read("example-album/album.json") == "my notes")
        #expect(run.stderr.contains("ashlar.json: note: already exists; left as it is"))
        #expect(run.stderr.contains("example-album/album.json: note: already exists; left as it is"))
        #expect(run.stdout.contains("created example-album/example.png"))
        let again = try Ashlar.run(["init"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stdout.contains("Nothing to create"))
    }

    /// The copied theme is the default theme: a site built with it is byte for byte the site
    /// built without it.
    @Test func themeCopiesTheDefaultTemplates() throws {
        let folder = try TemporaryFolder("init")
        #expect(try Ashlar.run(["init", "plain"], in: folder.url).status == 0)
        let run = try Ashlar.run(["init", "--theme", "themed"], in: folder.url)
        #expect(run.status == 0)
        for template in [
            "base.mustache", "album.mustache", "photo.mustache", "tile.mustache", "assets/ashlar.css.mustache",
            "theme.json", "README.md",
        ] {
            #expect(folder.exists("themed/templates/" + template), "\(template)")
            let original = try Data(contentsOf: Ashlar.packageRoot.appendingPathComponent("Templates/" + template))
            #expect(try Data(contentsOf: folder.url.appendingPathComponent("themed/templates/" + template)) == original)
        }
        #expect(try Ashlar.run(["build", "plain"], in: folder.url).status == 0)
        let themed = try Ashlar.run(["build", "themed"], in: folder.url)
        #expect(themed.status == 0, "\(themed.stderr)")
        #expect(themed.stderr.isEmpty)
        let files = try Self.files(in: folder.url.appendingPathComponent("plain/_site"))
        #expect(
            try Self.files(in: folder.url.appendingPathComponent("themed/_site")).keys.sorted() == files.keys.sorted())
        for (path, bytes) in files where path != ".ashlar-manifest.json" {
            #expect(try Data(contentsOf: folder.url.appendingPathComponent("themed/_site/" + path)) == bytes, "\(path)")
        }
    }

    @Test func refusesAFile() throws {
        let folder = try TemporaryFolder("init")
        try folder.write("x", to: "file")
        let run = try Ashlar.run(["init", "file"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("file: error: not a folder"))
    }

    private static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? FileManager.default
            .enumerator(atPath: "/dev/null")!
        {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }
}
