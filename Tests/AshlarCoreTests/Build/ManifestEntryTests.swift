import Testing

@testable import AshlarCore

@Suite struct ManifestEntryTests {
    static let key = String(repeating: "3c", count: 32)

    static let entries: [ManifestEntry] = [
        .generated(contentHash: "00ff00ff00ff00ff"),
        .copy(source: "a/b c:d.jpg", stamp: FileStamp(size: 0, modified: 1_700_000_000_123_456_789)),
        .video(source: "trip/clip:1.mp4", stamp: FileStamp(size: 12, modified: -5), patches: "0123456789abcdef"),
        .video(source: "trip/clip.webm", stamp: FileStamp(size: 12, modified: 7), patches: nil),
        .cached(.rendition(key: key, width: 1600)),
        .cached(.original(key: key)),
    ]

    @Test(arguments: entries)
    func readsWhatItWrites(entry: ManifestEntry) {
        #expect(ManifestEntry(text: entry.text) == entry)
    }

    /// The state is untrusted: anything not of a known shape is a file to write again.
    @Test(arguments: [
        "", "h:", "h:00ff00ff00ff00f", "h:00FF00FF00FF00FF", "x:0", "c:1:2", "c:-1:2:a.jpg", "c:1:2:../a.jpg",
        "c:1:2:/etc/passwd", "v:1:2:a.mp4", "v:1:2:xyz:a.mp4", "r:abc-10", "r:\(key)-0", "r:\(key)-x", "r:o:abc",
        "r:\(key)", "c:1:2:", "r:o:\(key.uppercased())",
    ])
    func malformedTextIsUnknown(text: String) {
        #expect(ManifestEntry(text: text) == .unknown)
    }

    /// Two checkouts of the same photos differ only in the files' times: the output's name
    /// (``BuildManifest/outputDigest``) must not.
    @Test func theOutputsNameLeavesOutCopiedFilesTimes() {
        for entry in Self.entries {
            let retimed: ManifestEntry
            switch entry {
            case .copy(let source, let stamp):
                retimed = .copy(source: source, stamp: FileStamp(size: stamp.size, modified: stamp.modified + 1))
            case .video(let source, let stamp, let patches):
                retimed = .video(
                    source: source, stamp: FileStamp(size: stamp.size, modified: stamp.modified + 1), patches: patches)
            default: continue
            }
            #expect(retimed != entry)
            #expect(retimed.portableText == entry.portableText)
        }
    }
}
