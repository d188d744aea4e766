import Testing

@testable import AshlarCore

@Suite struct BuildManifestTests {
    @Test func readsWhatItWrites() throws {
        var manifest = BuildManifest()
        manifest.files = ["index.html": "h:0123", "back\\slash.png": "c:3:4:back\\slash.png"]
        manifest.inputs = "abc"
        manifest.counts = (2, 1)
        manifest.diagnostics = [.warning("w", path: "a.json", at: SourceLocation(line: 3, column: 4), key: "k")]
        #expect(BuildManifest.read(Array(manifest.json.utf8)) == manifest)
    }

    /// A damaged manifest in the output folder once trapped converting 1e300 to `Int`.
    @Test func numbersOutOfRangeAreDroppedNotTrappedOn() throws {
        let json = #"{"ashlar": 1, "photoCount": 1e300, "albumCount": -2.5, "files": {}, "diagnostics": [{"severity": "error", "path": "a", "line": -1e300, "column": 1e19, "message": "m"}]}"#
        let manifest = try #require(BuildManifest.read(Array(json.utf8)))
        #expect(manifest.counts == (0, 0))
        #expect(manifest.diagnostics == [.error("m", path: "a")])
    }

    @Test func pathsLeadingOutsideMakeItNoManifest() {
        #expect(BuildManifest.read(Array(#"{"ashlar": 1, "files": {"../x": "h:0"}}"#.utf8)) == nil)
        #expect(BuildManifest.read(Array(#"{"ashlar": 1, "files": {"/etc/passwd": "h:0"}}"#.utf8)) == nil)
    }
}
