import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

/// `DirectoryJail` on its own: every operation refuses a path through a link, at any segment,
/// and any path that climbs out with `..` or starts at `/`.
@Suite struct DirectoryJailTests {
    /// `out/` with real folders `d/e/`, links `l0` (to a folder outside), `d/l1` (the same),
    /// `d/e/l2` (to a file outside), and `outside/` with a file and a folder.
    struct Sandbox {
        let folder: TemporaryFolder
        let output: URL
        let outside: URL
        let directory: DirectoryJail

        init() throws {
            folder = try TemporaryFolder("ashlar-output-directory")
            try folder.write("victim", to: "outside/victim.txt")
            try folder.write("victim", to: "outside/sub/victim.txt")
            try folder.write("mine", to: "out/d/e/mine.txt")
            output = folder.url.appendingPathComponent("out")
            outside = folder.url.appendingPathComponent("outside")
            try LinkedFiles.link(output.appendingPathComponent("l0"), to: outside.path)
            try LinkedFiles.link(output.appendingPathComponent("d/l1"), to: "../../outside")
            let victim = outside.appendingPathComponent("victim.txt").path
            try LinkedFiles.link(output.appendingPathComponent("d/e/l2"), to: victim)
            directory = DirectoryJail(path: output.path)
            try #require(directory.openRoot(creating: false) == nil)
        }

        var outsideTree: [String: Data?] {
            get throws { try LinkedFiles.tree(outside) }
        }
    }

    static let throughLinks = [
        "l0/victim.txt", "l0/sub/victim.txt", "l0/new", "d/l1/victim.txt", "d/l1/sub/victim.txt", "d/l1/sub/new",
        "d/e/l2/x",
    ]
    static let climbing = [
        "../outside/victim.txt", "d/../../outside/victim.txt", "d/e/../../../outside/sub/victim.txt", "./d/e/mine.txt",
        "d//e/mine.txt", "/" + "d/e/mine.txt",
    ]

    @Test(arguments: throughLinks + climbing)
    func refusesEveryOperation(path: String) throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory
        let before = try sandbox.outsideTree
        // Warm the cache of folder descriptors, as a build would have.
        #expect(directory.isRegularFile("d/e/mine.txt"))
        #expect(directory.writeFile(Array("x".utf8), to: path) != nil)
        #expect(directory.readFile(path) == nil)
        #expect(directory.makeFolder(path + "-folder") != nil)
        #expect(directory.makeFolders(path + "-folder/below") != nil)
        #expect(directory.link(sandbox.output.appendingPathComponent("d/e/mine.txt").path, to: path + "-link") != nil)
        #expect(directory.rename("d/e/mine.txt", to: path + "-renamed") != nil)
        #expect(directory.rename(path, to: "d/e/taken.txt") != nil)
        #expect(directory.unlink(path) != nil)
        #expect(directory.removeFolder(path) != nil)
        directory.removeTree(path)
        #expect(!directory.isRegularFile(path))
        #expect(directory.status(of: path) == nil)
        #expect(directory.names(in: path) == nil)
        #expect(try sandbox.outsideTree == before, "\(path) reached outside")
        #expect(try sandbox.folder.read("out/d/e/mine.txt") == "mine")
    }

    /// The last segment is never followed either: writing over a link to a file fails, and
    /// removing it removes the link.
    @Test func aLinkAsTheLastSegmentIsNotFollowed() throws {
        let sandbox = try Sandbox()
        let before = try sandbox.outsideTree
        #expect(sandbox.directory.writeFile(Array("x".utf8), to: "d/e/l2") == ELOOP)
        #expect(sandbox.directory.readFile("d/e/l2") == nil)
        #expect(!sandbox.directory.isRegularFile("d/e/l2"))
        #expect(sandbox.directory.removeFolder("l0") == ENOTDIR)
        #expect(sandbox.directory.unlink("d/e/l2") == nil)
        sandbox.directory.removeTree("d/l1")
        #expect(try sandbox.outsideTree == before)
        #expect(!LinkedFiles.isLink(sandbox.output.appendingPathComponent("d/e/l2")))
        #expect(!LinkedFiles.isLink(sandbox.output.appendingPathComponent("d/l1")))
    }

    /// A folder the directory has walked through (and keeps open) swapped for a link: what is
    /// below it is written into the real folder, wherever it went, never through the link.
    @Test func aFolderSwappedForALinkIsNotFollowed() throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory
        #expect(directory.isRegularFile("d/e/mine.txt"))
        let d = sandbox.output.appendingPathComponent("d")
        try FileManager.default.moveItem(at: d, to: sandbox.output.appendingPathComponent("moved"))
        try LinkedFiles.link(d, to: sandbox.outside.path)
        let before = try sandbox.outsideTree
        for path in ["d/e/new.txt", "d/new.txt", "d/sub/new.txt", "d/f/new.txt"] {
            _ = directory.writeFile(Array("x".utf8), to: path)
            _ = directory.makeFolders(path + "-folder")
        }
        #expect(directory.unlink("d/victim.txt") != nil)
        #expect(try sandbox.outsideTree == before)
        // Written into the real folder it had opened, now at `moved/e`.
        #expect(try sandbox.folder.read("out/moved/e/new.txt") == "x")
    }

    /// Files and folders inside the output work as `open`/`mkdir`/`rename` would.
    @Test func writesRenamesAndRemovesInside() throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory
        #expect(directory.writeFile(Array("x".utf8), to: "") == EINVAL)
        #expect(directory.unlink("") == EINVAL)
        #expect(directory.rename("", to: "x") == EINVAL)
        #expect(directory.makeFolders("a/b/c") == nil)
        #expect(directory.writeFile(Array("one".utf8), to: "a/b/c/index.html") == nil)
        #expect(directory.readFile("a/b/c/index.html") == Array("one".utf8))
        #expect(directory.makeFolder("a/b") == EEXIST)
        #expect(directory.rename("a/b", to: "a/moved") == nil)
        #expect(directory.readFile("a/moved/c/index.html") == Array("one".utf8))
        #expect(directory.writeFile(Array("two".utf8), to: "a/b/c/index.html") == ENOENT)
        let mine = sandbox.output.appendingPathComponent("d/e/mine.txt").path
        #expect(directory.link(mine, to: "a/moved/c/mine.txt") == nil)
        #expect(try sandbox.folder.read("out/a/moved/c/mine.txt") == "mine")
        #expect(directory.names(in: "a/moved/c")?.sorted() == ["index.html", "mine.txt"])
        #expect(directory.removeFolder("a/moved/c") == ENOTEMPTY)
        directory.removeTree("a")
        #expect(!sandbox.folder.exists("out/a"))
        #expect(sandbox.folder.exists("out/d/e/mine.txt"))
    }
}
