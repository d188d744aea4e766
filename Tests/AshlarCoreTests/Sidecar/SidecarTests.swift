import Testing

@testable import AshlarCore

@Suite struct SidecarTests {
    @Test(
        arguments: [
            ("a.jpg.json", "{\"title\": \"x\"}", Sidecar.Format.ashlar),
            ("a.json", "\u{FEFF}\n  [{\"Title\": \"x\"}]", .exiftool),
            ("a.json", "  \r\n[]", .exiftool),
            ("a.json", "", .ashlar),
            ("a.XMP", "{}", .xmp),
            ("a.jpg.xmp", "<x:xmpmeta/>", .xmp),
        ] as [(String, String, Sidecar.Format)])
    func detectsTheFormat(_ path: String, _ text: String, _ format: Sidecar.Format) {
        #expect(Sidecar.format(path: path, bytes: Array(text.utf8)) == format)
    }

    @Test func readsEachFormatThroughOneEntryPoint() throws {
        #expect(Sidecar.read(Array(#"{"title": "Own"}"#.utf8), path: "a.json").metadata.title == "Own")
        #expect(Sidecar.read(Array(#"[{"Title": "Tool"}]"#.utf8), path: "a.json").metadata.title == "Tool")
        let xmp = try Fixture.bytes("xmp/lightroom.xmp")
        #expect(Sidecar.read(xmp, path: "a.xmp", language: "it").metadata.title == "Campo de' Fiori at dusk")
    }

    @Test func sizeLimitIsOneMebibyte() {
        #expect(Sidecar.maximumSize == 1_048_576)
        #expect(
            Sidecar.sizeDiagnostic(byteCount: 2_000_000, path: "big.json")?.description
                == "big.json: error: sidecar is larger than 1 MiB (2000000 bytes)")
    }

    @Test func mergingPutsSidecarsOverTheImageHeader() throws {
        let sidecar = AshlarSidecar.read(Array(#"{"title": "Mine", "orientation": 1}"#.utf8), path: "a.json").metadata
        let tool = ExiftoolSidecar.read(try Fixture.bytes("exiftool/photo.json"), path: "b.json").metadata
        let merged = sidecar.merged(over: tool)
        #expect(merged.title == "Mine")
        #expect(merged.orientation == 1)
        #expect(merged.make == "FUJIFILM")
        #expect(merged.displaySize! == (60, 40))
    }
}
