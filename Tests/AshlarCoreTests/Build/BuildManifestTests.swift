import Testing

@testable import AshlarCore

@Suite struct BuildManifestTests {
    static var sample: BuildManifest {
        var manifest = BuildManifest()
        manifest.inputs = "0123abcd"
        manifest.counts = (3, 2)
        manifest.files = [
            "b/index.html": .generated(contentHash: "0000000000000001"),
            "a/index.html": .generated(contentHash: "0000000000000002"),
            "a \"q\" <&>\u{2028}\u{7}é/index.html": .copy(source: "a/q.jpg", stamp: FileStamp(size: 10, modified: 20)),
            "index.html": .generated(contentHash: "0000000000000003"),
        ]
        manifest.albums = ["b": "s2", "a": "s1"]
        manifest.diagnostics = [
            Diagnostic(.warning, path: "a/x.json", line: 2, column: 5, key: "alt", message: "'alt' is \"empty\"")
        ]
        return manifest
    }

    @Test func keysInByteOrderAndTextEscapedAsInEveryJSONAshlarWrites() {
        #expect(
            Self.sample.json == #"""
                {
                  "ashlar": 1,
                  "inputs": "0123abcd",
                  "photoCount": 3,
                  "albumCount": 2,
                  "files": {
                    "a \"q\" \u003c\u0026\u003e\u2028\u0007é/index.html": "c:10:20:a/q.jpg",
                    "a/index.html": "h:0000000000000002",
                    "b/index.html": "h:0000000000000001",
                    "index.html": "h:0000000000000003"
                  },
                  "albums": {
                    "a": "s1",
                    "b": "s2"
                  },
                  "diagnostics": [
                    {"severity": "warning", "path": "a/x.json", "line": 2, "column": 5, "key": "alt", "message": "'alt' is \"empty\""}
                  ]
                }

                """#)
        #expect(BuildManifest.read(Array(Self.sample.json.utf8)) == Self.sample)
        #expect(BuildManifest.read(Array(BuildManifest().json.utf8)) == BuildManifest())
    }

    @Test func readsWhatItWrites() throws {
        var manifest = BuildManifest()
        manifest.files = [
            "index.html": .generated(contentHash: "0123456789abcdef"),
            "back\\slash.png": .copy(source: "back\\slash.png", stamp: FileStamp(size: 3, modified: 4)),
            "clip.mp4": .video(
                source: "clip.mp4", stamp: FileStamp(size: 5, modified: -6), patches: "fedcba9876543210"),
            "a/b@320w.0123456789.jpg": .cached(.rendition(key: String(repeating: "ab", count: 32), width: 320)),
            "a/b.jpg": .cached(.original(key: String(repeating: "0f", count: 32))),
        ]
        manifest.leftOut = LeftOutPhotos(counts: [.rejected: 2, .unrated: 1], minimum: 3)
        manifest.inputs = "abc"
        manifest.counts = (2, 1)
        manifest.diagnostics = [.warning("w", path: "a.json", at: SourceLocation(line: 3, column: 4), key: "k")]
        #expect(BuildManifest.read(Array(manifest.json.utf8)) == manifest)
    }

    /// A damaged manifest in the output folder once trapped converting 1e300 to `Int`.
    @Test func numbersOutOfRangeAreDroppedNotTrappedOn() throws {
        let json =
            #"{"ashlar": 1, "photoCount": 1e300, "albumCount": -2.5, "files": {}, "diagnostics": [{"severity": "error", "path": "a", "line": -1e300, "column": 1e19, "message": "m"}]}"#
        let manifest = try #require(BuildManifest.read(Array(json.utf8)))
        #expect(manifest.counts == (0, 0))
        #expect(manifest.diagnostics == [.error("m", path: "a")])
    }

    @Test func pathsLeadingOutsideMakeItNoManifest() {
        #expect(BuildManifest.read(Array(#"{"ashlar": 1, "files": {"../x": "h:0"}}"#.utf8)) == nil)
        #expect(BuildManifest.read(Array(#"{"ashlar": 1, "files": {"/etc/passwd": "h:0"}}"#.utf8)) == nil)
    }

    /// The state keeps the name its output's marker carries, so a rebuild compares two names; the
    /// name is a digest of the files and their content, not of a copied image's time.
    @Test func theOutputNameIsKeptInTheStateAndNamesTheFiles() throws {
        var manifest = Self.sample
        manifest.outputName = manifest.outputDigest
        let read = try #require(BuildManifest.read(manifest.bytes))
        #expect(read.outputName == manifest.outputDigest)
        #expect(BuildManifest.read(Self.sample.bytes)?.outputName == nil)

        var touched = Self.sample
        touched.files["a \"q\" <&>\u{2028}\u{7}é/index.html"] = .copy(
            source: "a/q.jpg", stamp: FileStamp(size: 10, modified: 99))
        #expect(touched.outputDigest == Self.sample.outputDigest)
        var changed = Self.sample
        changed.files["index.html"] = .generated(contentHash: "0000000000000004")
        #expect(changed.outputDigest != Self.sample.outputDigest)
        changed = Self.sample
        changed.files["index.htm"] = .generated(contentHash: "0000000000000003")
        #expect(changed.outputDigest != Self.sample.outputDigest)

        let marker = OutputMarker.bytes(files: manifest.files.keys, build: manifest.outputName)
        let contents = try #require(OutputMarker.contents(marker))
        #expect(contents.build == manifest.outputName)
        #expect(Set(contents.files) == Set(manifest.files.keys))
    }
}
