import AshlarImage
import Foundation

/// Writes a synthetic source tree into a temporary folder: N photos over about N/500 albums (or
/// as many as asked for), each a small PNG header (enough for the header reader) with a JSON or
/// XMP sidecar.
struct SyntheticSite {
    var photos: Int
    var albums: Int
    /// One photo in `xmpEvery` gets an XMP sidecar instead of a JSON one (0: none).
    var xmpEvery: Int
    /// One photo in `embeddedEvery` is a JPEG carrying XMP and IPTC-IIM, as an exported photo
    /// does, instead of a PNG (0: none).
    var embeddedEvery: Int
    /// Sidecars only, each with a remote `src` and its size: no image files at all.
    var remoteImages: Bool
    let root: URL

    init(photos: Int, albums: Int? = nil, xmpEvery: Int, embeddedEvery: Int = 0, remoteImages: Bool = false) throws {
        self.photos = photos
        self.albums = albums ?? max(1, photos / 500)
        self.xmpEvery = xmpEvery
        self.embeddedEvery = embeddedEvery
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
            let embedded = embeddedEvery > 0 && index % embeddedEvery == 1 % embeddedEvery
            let name = String(format: embedded ? "IMG_%06d.jpg" : "IMG_%06d.png", index)
            let width = 800 + Int(generator.next() % 3200)
            let height = 600 + Int(generator.next() % 3200)
            if remoteImages {
                let json = Self.json(index: index, width: width, height: height)
                    .replacingOccurrences(
                        of: "{\n", with: "{\n  \"src\": \"https://cdn.example.com/p/\(index).jpg\",\n")
                try Data(json.utf8).write(to: folder.appendingPathComponent(String(format: "IMG_%06d.json", index)))
                continue
            }
            let image =
                embedded
                ? Self.jpegWithMetadata(index: index, width: width, height: height)
                : Self.pngHeader(width: width, height: height)
            try image.write(to: folder.appendingPathComponent(name))
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

    /// A JPEG's metadata and frame header, as an export from Lightroom or Apple Photos starts:
    /// `APP1` XMP (title, description, alt text, keywords, creator, rating) and `APP13` IPTC-IIM,
    /// then the frame header. All the header reader needs.
    static func jpegWithMetadata(index: Int, width: Int, height: Int) -> Data {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        let packet = xmp(index: index, width: width, height: height)
            .replacingOccurrences(of: "tiff:ImageWidth=\"\(width)\" tiff:ImageLength=\"\(height)\" ", with: "")
        var iim: [UInt8] = [0x1C, 0x01, 0x5A, 0x00, 0x03, 0x1B, 0x25, 0x47]
        for (number, text) in [
            (5, "Photo \(index)"), (120, "Generated for the benchmark."), (25, "street"), (25, "benchmark"),
            (80, "Ada Lovelace"), (116, "© 2024 Ada Lovelace"),
        ] as [(UInt8, String)] {
            let bytes = Array(text.utf8)
            iim += [0x1C, 0x02, number, UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
        }
        let size = iim.count
        let resource =
            Array("Photoshop 3.0\u{0}8BIM".utf8) + [0x04, 0x04, 0, 0]
            + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + iim
            + (size & 1 == 1 ? [0] : [])
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + Array(packet.utf8))
        bytes += segment(0xED, resource)
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(
            0xC0,
            [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        // One code of one bit for DC and AC table 0: headers the decoder accepts, as the header
        // reader checks.
        let table: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
        bytes += segment(0xC4, [0x00] + table + [0x10] + table)
        bytes += segment(0xDA, [1, 1, 0x00, 0, 63, 0]) + [0x00, 0xFF, 0xD9]
        return Data(bytes)
    }

    /// A PNG signature, IHDR, a small IDAT and IEND, with correct CRCs: all the header reader needs.
    static func pngHeader(width: Int, height: Int) -> Data {
        func u32(_ value: Int) -> [UInt8] {
            [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return u32(data.count) + body + u32(Int(CRC32.checksum(body)))
        }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", u32(width) + u32(height) + [8, 2, 0, 0, 0])
        bytes += chunk("IDAT", [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        bytes += chunk("IEND", [])
        return Data(bytes)
    }
}
