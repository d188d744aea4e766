import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// The catalog stage on a source tree held in memory: no disk, only `CatalogSource`.
@Suite struct CatalogBuilderTests {
    /// Files by their path relative to the source root; `links` lead where their value says.
    struct MemorySource: CatalogSource {
        var files: [String: [UInt8]]
        var outside: Set<String> = []

        func display(_ relative: String) -> String { relative }

        func read(_ relative: String, upTo limit: Int) -> Result<(bytes: [UInt8], size: Int), RawFile.Failure> {
            guard let bytes = files[relative] else { return .failure(RawFile.Failure(code: ENOENT)) }
            return .success((Array(bytes.prefix(limit)), bytes.count))
        }

        func whereLeads(_ relative: String) -> PathDestination {
            if outside.contains(relative) { return .outside }
            return files[relative] == nil ? .missing : .inside
        }

        /// The tree a scan of these files would give.
        var tree: SourceFolder {
            func folder(_ path: String) -> SourceFolder {
                let prefix = path.isEmpty ? "" : path + "/"
                let below = files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
                let names = below.filter { !$0.contains("/") }.sorted(by: FileNameOrder.precedes)
                let subfolders = Set(
                    below.compactMap { $0.split(separator: "/").count > 1 ? String($0.split(separator: "/")[0]) : nil })
                return SourceFolder(
                    relativePath: path, fileNames: names,
                    subfolders: subfolders.sorted().map { folder(prefix + $0) })
            }
            return folder("")
        }
    }

    static let png = PNGEncoder.encode(PixelImage(width: 3, height: 2, format: .rgb))

    static func catalog(_ files: [String: String], images: [String] = [], outside: Set<String> = []) -> Catalog {
        var bytes = files.mapValues { Array($0.utf8) }
        for image in images { bytes[image] = png }
        let source = MemorySource(files: bytes, outside: outside)
        return CatalogBuilder(source: source, settings: CatalogSettings()).build(source.tree)
    }

    @Test func ashlarJSONOverXMPOverExiftoolOverTheImage() {
        let catalog = Self.catalog(
            [
                "a.png.json": #"{"title": "From JSON"}"#,
                "a.png.xmp": """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">
                <dc:title><rdf:Alt><rdf:li xml:lang="x-default">From XMP</rdf:li></rdf:Alt></dc:title>
                <Iptc4xmpCore:AltTextAccessibility><rdf:Alt><rdf:li xml:lang="x-default">Alt from XMP</rdf:li></rdf:Alt></Iptc4xmpCore:AltTextAccessibility>
                </rdf:Description></rdf:RDF></x:xmpmeta>
                """,
            ], images: ["a.png"])
        let photo = catalog.root.photos.first
        #expect(photo?.metadata.title == "From JSON")
        #expect(photo?.metadata.alt == "Alt from XMP")
        #expect(photo?.width == 3 && photo?.height == 2)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    }

    @Test func aSrcLeadingOutsideTheSourceIsAnError() {
        let catalog = Self.catalog(
            [
                "remote.json": #"{"src": "../secret.png", "title": "T", "alt": "A"}"#,
                "linked.json": #"{"src": "link.png", "title": "T", "alt": "A"}"#,
            ],
            images: ["link.png"], outside: ["link.png"])
        #expect(
            catalog.diagnostics.map(\.description) == [
                "link.png: warning: missing title and alt text (its pages show one made from its file name, \"Link\"); "
                    + "add 'title' and an 'alt' describing what the photo shows",
                "linked.json: error: 'src' leads outside the source folder: \"link.png\"",
                "remote.json: error: 'src' leads outside the source folder: \"../secret.png\"",
            ])
        #expect(catalog.root.photos.map(\.name) == ["link.png"])
    }

    @Test func slugsAreUniqueAndAlbumsHiddenOrCovered() {
        let catalog = Self.catalog(
            [
                "trip/album.json": #"{"cover": "b.png"}"#,
                "trip/a.png.json": #"{"title": "Same", "alt": "One"}"#,
                "trip/b.png.json": #"{"title": "Same", "alt": "Two"}"#,
                "secret/album.json": #"{"hidden": true}"#,
            ], images: ["trip/a.png", "trip/b.png", "trip/A.png", "secret/c.png"])
        #expect(catalog.root.albums.map(\.outputPath) == ["trip"])
        let trip = catalog.root.albums[0]
        // Files in byte order take slugs in turn: `A.png` has `a`, so `a.png` gets `a-2`.
        #expect(trip.photos.map { "\($0.name) \($0.slug)" } == ["A.png a", "a.png a-2", "b.png b"])
        #expect(Set(trip.photos.map(\.slug)).count == 3)
        #expect(trip.coverPhoto?.name == "b.png")
        #expect(catalog.diagnostics.contains { $0.message.contains("is also the title of 'a.png'") })
        #expect(catalog.diagnostics.contains { $0.message.contains("photo URL 'a' is taken") })
    }
}
