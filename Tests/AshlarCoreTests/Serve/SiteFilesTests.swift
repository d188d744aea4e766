import Foundation
import Testing

@testable import AshlarCore

@Suite struct SiteFilesTests {
    private func makeSite() throws -> (URL, URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("sitefiles-\(UUID().uuidString)")
        let root = base.appendingPathComponent("site")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("album/photo"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try Data("home".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("album".utf8).write(to: root.appendingPathComponent("album/index.html"))
        try Data("img".utf8).write(to: root.appendingPathComponent("album/a b.jpg"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("out.txt").path, withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("outdir").path, withDestinationPath: base.path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("in.jpg").path, withDestinationPath: "album/a b.jpg")
        return (base, root)
    }

    private func resolve(_ target: String, in root: URL) throws -> SiteFiles.Resolution {
        SiteFiles(root: root.path).resolve(try RequestPath.decode(target).get())
    }

    @Test func resolvesFilesFoldersAndRedirects() throws {
        let (base, root) = try makeSite()
        defer { try? FileManager.default.removeItem(at: base) }
        let real = FileSystem.realPath(root.path) ?? root.path
        guard case .file(let home, 4, _) = try resolve("/", in: root) else {
            Issue.record("no index for /")
            return
        }
        #expect(home == real + "/index.html")
        guard case .file(let image, 3, _) = try resolve("/album/a%20b.jpg", in: root) else {
            Issue.record("no image")
            return
        }
        #expect(image == real + "/album/a b.jpg")
        #expect(try resolve("/album", in: root) == .redirect("/album/"))
        #expect(try resolve("/album?x=1", in: root) == .redirect("/album/?x=1"))
        #expect(try resolve("/album/a%20b.jpg/", in: root) == .notFound)
        #expect(try resolve("/album/photo/", in: root) == .notFound)
        #expect(try resolve("/empty/", in: root) == .notFound)
        #expect(try resolve("/missing", in: root) == .notFound)
        guard case .file = try resolve("/in.jpg", in: root) else {
            Issue.record("a link inside the folder was refused")
            return
        }
    }

    @Test func neverLeavesTheFolderThroughLinks() throws {
        let (base, root) = try makeSite()
        defer { try? FileManager.default.removeItem(at: base) }
        #expect(try resolve("/out.txt", in: root) == .notFound)
        #expect(try resolve("/outdir/secret.txt", in: root) == .notFound)
        #expect(try resolve("/outdir/", in: root) == .notFound)
    }
}

@Suite struct SiteSkeletonTests {
    @Test func theConfigurationSpellsOutEveryDefault() throws {
        let text = SiteSkeleton.configurationJSON(SiteConfiguration())
        let (configuration, diagnostics) = SiteConfiguration.read(bytes: Array(text.utf8), path: "ashlar.json")
        #expect(diagnostics.isEmpty)
        #expect(configuration == SiteConfiguration())
        for key in SiteConfiguration.topLevelKeys + SiteConfiguration.layoutKeys + SiteConfiguration.breakpointKeys
            + SiteConfiguration.dateFormatKeys
        {
            #expect(text.contains("\"\(key)\":"), "ashlar.json lacks '\(key)'")
        }
    }

    @Test func writesOnlyWhatIsMissing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skeleton-\(UUID().uuidString)/new")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let first = try SiteSkeleton(includeTheme: false).write(into: folder)
        #expect(first.created.count == 4)
        #expect(first.kept.isEmpty)
        try Data("{\"title\": \"Mine\"}".utf8).write(to: folder.appendingPathComponent("ashlar.json"))
        let second = try SiteSkeleton(includeTheme: true).write(into: folder)
        #expect(second.kept.count == 4)
        #expect(second.created.count == Theme.builtIn.files.count)
        #expect(
            try String(contentsOf: folder.appendingPathComponent("ashlar.json"), encoding: .utf8)
                == "{\"title\": \"Mine\"}")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("templates/album.mustache").path))
    }
}
