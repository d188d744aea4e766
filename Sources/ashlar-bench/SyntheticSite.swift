import Foundation

/// Writes a synthetic source tree into a temporary folder: N photos over about N/500 albums (or
/// as many as asked for), each a small PNG header (enough for the header reader) with a JSON or
/// XMP sidecar.
struct SyntheticSite {
    var photos: Int
    var albums: Int
    /// One photo in `xmpEvery` gets an XMP sidecar instead of a JSON one (0: none).
    var xmpEvery: Int
    /// Sidecars only, each with a remote `src` and its size: no image files at all.
    var remoteImages: Bool
    let root: URL

    init(photos: Int, albums: Int? = nil, xmpEvery: Int, remoteImages: Bool = false) throws {
        self.photos = photos
        self.albums = albums ?? max(1, photos / 500)
        self.xmpEvery = xmpEvery
        self.remoteImages = remoteImages
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try write()
        // The site's own files go to disk now, not while the build being measured runs.
        sync()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    private func write() throws {
        var generator = SplitMix64(seed: 2024)
        try Data(#"{"title": "Benchmark", "language": "en"}"#.utf8).write(
            to: root.appendingPathComponent("ashlar.json"))
        for album in 0..<albums {
            let folder = root.appendingPathComponent(String(format: "album-%04d", album))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for index in 0..<photos {
            let folder = root.appendingPathComponent(String(format: "album-%04d", index % albums))
            let name = String(format: "IMG_%06d.png", index)
            let width = 800 + Int(generator.next() % 3200)
            let height = 600 + Int(generator.next() % 3200)
            if remoteImages {
                let json = Self.json(index: index, width: width, height: height)
                    .replacingOccurrences(
                        of: "{\n", with: "{\n  \"src\": \"https://cdn.example.com/p/\(index).jpg\",\n")
                try Data(json.utf8).write(to: folder.appendingPathComponent(String(format: "IMG_%06d.json", index)))
                continue
            }
            try Self.pngHeader(width: width, height: height).write(to: folder.appendingPathComponent(name))
            let sidecar: String
            let sidecarName: String
            if xmpEvery > 0, index % xmpEvery == 0 {
                sidecarName = name + ".xmp"
                sidecar = Self.xmp(index: index, width: width, height: height)
            } else {
                sidecarName = name + ".json"
                sidecar = Self.json(index: index, width: width, height: height)
            }
            try Data(sidecar.utf8).write(to: folder.appendingPathComponent(sidecarName))
        }
    }

    /// Rewrites one sidecar with a new title, as an author's edit would.
    func touchOneSidecar() throws {
        let index = photos / 2
        let folder = root.appendingPathComponent(String(format: "album-%04d", index % albums))
        let file = folder.appendingPathComponent(
            remoteImages ? String(format: "IMG_%06d.json", index) : String(format: "IMG_%06d.png.json", index))
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "\"title\": \"Photo", with: "\"title\": \"Edited photo")
        try Data(text.utf8).write(to: file)
    }

    static func json(index: Int, width: Int, height: Int) -> String {
        """
        {
          "width": \(width),
          "height": \(height),
          "title": "Photo \(index)",
          "alt": "A synthetic photograph, number \(index), of a quiet street",
          "caption": "Generated for the benchmark.",
          "date": "2024-06-\(String(format: "%02d", index % 28 + 1))T12:\(String(format: "%02d", index % 60)):00",
          "tags": ["street", "benchmark"],
          "make": "FUJIFILM", "model": "X-T4", "focalLength": 23, "aperture": 5.6, "exposure": "1/250", "iso": 160
        }
        """
    }

    static func xmp(index: Int, width: Int, height: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:exif="http://ns.adobe.com/exif/1.0/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
            tiff:ImageWidth="\(width)" tiff:ImageLength="\(height)" tiff:Orientation="1"
            tiff:Make="FUJIFILM" tiff:Model="X-T4" exif:FNumber="56/10" exif:ExposureTime="1/250"
            exif:FocalLength="230/10" exif:DateTimeOriginal="2024-06-01T12:00:00" xmp:Rating="3">
           <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Photo \(index)</rdf:li></rdf:Alt></dc:title>
           <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Generated for the benchmark.</rdf:li></rdf:Alt></dc:description>
           <Iptc4xmpCore:AltTextAccessibility><rdf:Alt><rdf:li xml:lang="x-default">A synthetic photograph, number \(index)</rdf:li></rdf:Alt></Iptc4xmpCore:AltTextAccessibility>
           <dc:subject><rdf:Bag><rdf:li>street</rdf:li><rdf:li>benchmark</rdf:li></rdf:Bag></dc:subject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """
    }

    /// A PNG signature, IHDR and IEND: all the header reader needs.
    static func pngHeader(width: Int, height: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] {
            bytes += [
                UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
            ]
        }
        bytes += [8, 2, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        return Data(bytes)
    }
}
