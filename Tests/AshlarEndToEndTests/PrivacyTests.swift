import AshlarTestSupport
import Foundation
import Testing

/// Private by default on every path (issue 24): a folder whose photos say where they were taken,
/// by whom and with which camera, in every form the tools write, publishes none of it — with the
/// default settings, with `"originals": "publish"`, with `"metadata": "camera"` and under
/// `ashlar serve`, whether a photo gets renditions or is published as a copy (too small, cut
/// short, GIF, WebP). The fixtures are made at test time: Pillow draws the pictures and exiftool
/// (12.57 in CI) writes the metadata. exiftool is also the judge (`leaks(in:)`).
@Suite(.tags(.slow, .referenceTools), .serialized) struct PrivacyTests {
    static let exiftool = URL(fileURLWithPath: "/usr/bin/exiftool")
    static let python = URL(fileURLWithPath: "/usr/bin/env")
    static var toolsInstalled: Bool { RenditionTests.toolsInstalled }
    static var avifWritable: Bool {
        let check = "import PIL.features, sys; sys.exit(0 if PIL.features.check('avif') else 1)"
        return toolsInstalled && (try? Ashlar.run(python, ["python3", "-c", check]).status) == 0
    }

    /// One photo of the fixture folder: its file name, its size, and the exiftool runs that write
    /// its private data (several where exiftool 12.57 writes only some of the tags of one run).
    struct Photo: Sendable {
        var name: String
        var width = 640
        var height = 480
        var tags: [[String]]
        /// ImageMagick's text chunks: `exif:GPSLatitude`… and a `Raw profile type exif` with GPS.
        var imageMagickText = false
        /// Cut to 60 % of its bytes after tagging, as a camera's file cut short.
        var truncated = false
        /// A fixture video to copy (`Tests/AshlarImageTests/Fixtures/Video/`, whose location
        /// exiftool wrote as phones do) instead of a picture to draw.
        var video: String? = nil

        /// The photo's URL name, which its page links carry.
        var slug: String { String(name.prefix { $0 != "." }) }
    }

    // Every text value holds "Sentinel", so that `leaks(in:)` also finds one in any file.
    static let gps = [
        "-GPSLatitude=52.5163", "-GPSLatitudeRef=N", "-GPSLongitude=13.3777", "-GPSLongitudeRef=E",
        "-GPSAltitude=34", "-GPSAltitudeRef=0",
    ]
    static let xmpGPS = [
        "-XMP-exif:GPSLatitude=52.5163 N", "-XMP-exif:GPSLongitude=13.3777 E", "-XMP-exif:GPSAltitude=34",
    ]
    static let drone = [
        "-XMP-drone-dji:GPSLatitude=52.5163", "-XMP-drone-dji:GPSLongitude=13.3777",
        "-XMP-drone-dji:AbsoluteAltitude=+34",
    ]
    static let darwinCore = [
        "-XMP-dwc:DCDecimalLatitude=52.5163", "-XMP-dwc:DCDecimalLongitude=13.3777", "-XMP-dwc:DCLocality=Sentinelburg",
        "-XMP-dwc:DCCountry=Sentinelia",
    ]
    static let iptcPlace = [
        "-IPTC:City=Sentinelburg", "-IPTC:Sub-location=17 Sentinel Street", "-IPTC:Province-State=Sentinel State",
        "-IPTC:Country-PrimaryLocationName=Sentinelia", "-IPTC:Country-PrimaryLocationCode=SNL",
    ]
    static let xmpPlace = [
        "-XMP-photoshop:City=Sentinelburg", "-XMP-photoshop:State=Sentinel State", "-XMP-photoshop:Country=Sentinelia",
        "-XMP-iptcCore:Location=17 Sentinel Street", "-XMP-iptcExt:LocationCreatedCity=Sentinelburg",
        "-XMP-iptcExt:LocationCreatedSublocation=17 Sentinel Street", "-XMP-iptcExt:LocationShownCity=Sentinelburg",
    ]
    static let camera = [
        "-Make=Ashlar", "-Model=Test Camera", "-ExifIFD:SerialNumber=SN-7731-Sentinel",
        "-ExifIFD:LensSerialNumber=LSN-7731-Sentinel", "-ExifIFD:OwnerName=Sentinel Owner",
        "-XMP-aux:SerialNumber=SN-7731-Sentinel", "-XMP-aux:LensSerialNumber=LSN-7731-Sentinel",
        "-XMP-aux:OwnerName=Sentinel Owner", "-XMP-exifEX:SerialNumber=SN-7731-Sentinel",
        "-XMP-exifEX:OwnerName=Sentinel Owner",
    ]

    /// Each form alone in a photo with renditions, then all of them together in the photos
    /// published as copies.
    static let photos: [Photo] = [
        Photo(name: "gps-exif.jpg", tags: [gps]),
        Photo(name: "gps-xmp.jpg", tags: [xmpGPS]),
        Photo(name: "drone-dji.jpg", tags: [drone]),
        Photo(name: "darwin-core.jpg", tags: [darwinCore]),
        Photo(name: "place-iptc.jpg", tags: [iptcPlace]),
        Photo(name: "place-xmp.jpg", tags: [xmpPlace]),
        Photo(name: "camera-serial.jpg", tags: [camera]),
        Photo(name: "png-exif.png", tags: [gps, xmpGPS + xmpPlace]),
        Photo(name: "png-text.png", tags: [], imageMagickText: true),
        Photo(name: "small.jpg", width: 120, height: 90, tags: [gps + iptcPlace + camera, xmpGPS + xmpPlace + drone]),
        // exiftool will not write an eXIf beside ImageMagick's EXIF profile, so in another PNG.
        Photo(name: "small-png.png", width: 120, height: 90, tags: [xmpGPS + xmpPlace], imageMagickText: true),
        Photo(name: "small-exif.png", width: 120, height: 90, tags: [gps + camera]),
        Photo(
            name: "located-gif.gif", width: 400, height: 300,
            tags: [xmpGPS + xmpPlace + camera.filter { $0.hasPrefix("-XMP") }]),
        Photo(name: "located-webp.webp", width: 400, height: 300, tags: [gps + camera, xmpGPS + xmpPlace]),
        Photo(name: "cut-short.jpg", tags: [gps + iptcPlace + camera, xmpGPS + xmpPlace], truncated: true),
        // Videos as phones write them: QuickTime Keys and ©xyz, XMP in a uuid box, Android's ©xyz;
        // a WebM's LOCATION tag.
        Photo(name: "iphone-mov.mov", tags: [], video: "iphone.mov"),
        Photo(name: "iphone-mp4.mp4", tags: [], video: "iphone.mp4"),
        Photo(name: "android-mp4.mp4", tags: [], video: "android.mp4"),
        Photo(name: "tram-webm.webm", tags: [], video: "vp9.webm"),
    ]

    /// The settings every site here starts from: renditions of one width, which keeps the debug
    /// build quick; the small photos are narrower.
    static let renditions = #""renditions": {"widths": [320]}"#

    /// The settings that decide what a published image carries.
    enum Setting: CaseIterable, Sendable {
        case defaults, publishOriginals, cameraMetadata

        var configuration: String {
            switch self {
            case .defaults: "{\(PrivacyTests.renditions)}"
            case .publishOriginals: #"{\#(PrivacyTests.renditions), "originals": "publish"}"#
            case .cameraMetadata: #"{\#(PrivacyTests.renditions), "metadata": "camera"}"#
            }
        }
    }

    /// Draws `photos` into `folder/site` with Pillow, tags them with exiftool and cuts the
    /// truncated ones; requires that each then carries what `leaks(in:)` looks for.
    @discardableResult
    static func makeSite(_ photos: [Photo], in folder: TemporaryFolder, config: String = Setting.defaults.configuration)
        throws -> URL
    {
        // A photo is found on the pages by its URL name, so no two may share one.
        try #require(Set(photos.map(\.slug)).count == photos.count)
        let site = folder.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try folder.write(config, to: "site/ashlar.json")
        let script = """
            import sys
            from PIL import Image, PngImagePlugin

            def picture(width, height):
                # Gradients under noise: decodes, resizes and compresses like a photo.
                across = Image.linear_gradient("L").rotate(90).resize((width, height))
                down = Image.linear_gradient("L").resize((width, height))
                return Image.merge("RGB", (across, down, Image.effect_noise((width, height), 16)))

            def raw_profile(kind, data):
                # ImageMagick's text form of a profile: its name, its length, its bytes in hex.
                text = data.hex()
                lines = "\\n".join(text[i:i + 72] for i in range(0, len(text), 72))
                return f"\\n{kind}\\n{len(data):8d}\\n{lines}\\n"

            def imagemagick_text():
                exif = Image.Exif()
                exif.get_ifd(0x8825).update({1: "N", 2: (52.0, 30.0, 58.68), 3: "E", 4: (13.0, 22.0, 39.72)})
                info = PngImagePlugin.PngInfo()
                info.add_text("exif:GPSLatitude", "52/1, 30/1, 5868/100")
                info.add_text("exif:GPSLongitude", "13/1, 22/1, 3972/100")
                info.add_text("Raw profile type exif", raw_profile("exif", exif.tobytes()), zip=True)
                return info

            for name, width, height, text in zip(*[iter(sys.argv[1:])] * 4):
                image = picture(int(width), int(height))
                if text == "text":
                    image.save(name, pnginfo=imagemagick_text())
                else:
                    image.save(name, quality=90)
            """
        for photo in photos {
            guard let video = photo.video else { continue }
            try folder.copy(VideoTests.fixtures.appendingPathComponent(video), to: "site/" + photo.name)
        }
        let pictures = photos.filter { $0.video == nil }.flatMap {
            [$0.name, String($0.width), String($0.height), $0.imageMagickText ? "text" : "-"]
        }
        let drawn = try Ashlar.run(python, ["python3", "-c", script] + pictures, in: site)
        try #require(drawn.status == 0, "\(drawn.stderr)")
        // Every exiftool run in one process (an argument file, a run per `-execute`): a second
        // where one process per run would take ten.
        let runs = photos.flatMap { photo in photo.tags.map { $0 + [photo.name, "-execute"] } }
        try folder.write(runs.joined().joined(separator: "\n") + "\n", to: "exiftool-arguments")
        let arguments = folder.url.appendingPathComponent("exiftool-arguments").path
        let tagged = try Ashlar.run(
            exiftool, ["-@", arguments, "-common_args", "-q", "-overwrite_original"], in: site)
        try #require(tagged.status == 0 && tagged.stderr.isEmpty, "\(tagged.stderr)")
        for photo in photos where photo.truncated {
            let file = site.appendingPathComponent(photo.name)
            let bytes = try Data(contentsOf: file)
            try bytes.prefix(bytes.count * 6 / 10).write(to: file)
        }
        let carrying = Set(try leaks(in: site).map { String($0.prefix { $0 != ":" }) })
        try #require(carrying == Set(photos.map(\.name)), "the fixtures lack their private data")
        return site
    }

    /// Where a photo was taken, by whom, with which camera: exiftool's names for it.
    static var privateTagName: Regex<Substring> {
        /GPS|Latitude|Longitude|Altitude|Position|Location|Locality|City|Sub-?location|State|Province|Country|Serial|Owner/
            .ignoresCase()
    }

    /// Tags whose names contain one of those words but say nothing private: where the chroma
    /// samples sit, where in the frame the subject is, the URL of a rights statement.
    static let innocentTags: Set<String> = [
        "YCbCrPositioning", "ChromaSamplePosition", "SubjectLocation", "WebStatement",
    ]

    /// Everything private that the images under `folder` (recursively) still say, as
    /// `file: group:tag=value` lines, by exiftool (`-a -G1 -n -j`): every tag whose name matches
    /// `privateTagName`, outside exiftool's own groups (ExifTool, File, System, Composite; but
    /// Composite:GPS… counts: it is worked out from real data); and every file of any kind that
    /// contains "Sentinel", the word in each private text of the fixtures. Empty when nothing
    /// leaks.
    static func leaks(in folder: URL) throws -> [String] {
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted().filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        var lines: [String] = []
        let images = files.filter { isImage(folder.appendingPathComponent($0)) }
        if !images.isEmpty {
            let run = try Ashlar.run(exiftool, ["-a", "-G1", "-n", "-j"] + images, in: folder)
            let records = try #require(
                try? JSONSerialization.jsonObject(with: run.stdoutBytes) as? [[String: Any]],
                "exiftool: \(run.stderr)")
            for record in records {
                let file = record["SourceFile"] as? String ?? "?"
                for (key, value) in record.sorted(by: { $0.key < $1.key }) {
                    let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
                    guard parts.count == 2, isPrivate(group: parts[0], tag: parts[1]) else { continue }
                    lines.append("\(file): \(key)=\(text(of: value))")
                }
            }
        }
        let sentinel = Array("Sentinel".utf8)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
            if let range = bytes.firstRange(of: sentinel) {
                let around = bytes[max(0, range.lowerBound - 20)..<min(bytes.count, range.upperBound + 20)]
                lines.append("\(file): bytes contain \(String(decoding: around, as: UTF8.self).debugDescription)")
            }
        }
        return lines
    }

    /// Expects `leaks(in:)` to find nothing, naming each leak on a line of its own.
    static func expectNoLeaks(in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let leaks = try leaks(in: folder)
        let nothingLeaks = leaks.isEmpty
        #expect(nothingLeaks, "\n\(leaks.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    static func isPrivate(group: String, tag: String) -> Bool {
        switch group {
        case "ExifTool", "File", "System": false
        case "Composite": tag.uppercased().hasPrefix("GPS")
        default: !innocentTags.contains(tag) && tag.contains(privateTagName)
        }
    }

    static func text(of value: Any) -> String {
        if let string = value as? String { return string }
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    /// An image or a video by its extension, or an image by its first bytes (JPEG, PNG, GIF,
    /// WebP, AVIF/HEIF).
    static func isImage(_ file: URL) -> Bool {
        if ["jpg", "jpeg", "png", "gif", "webp", "avif", "mp4", "m4v", "mov", "webm"].contains(
            file.pathExtension.lowercased())
        {
            return true
        }
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        guard head.count == 12 else { return false }
        return head.starts(with: [0xFF, 0xD8, 0xFF]) || head.starts(with: [0x89, 0x50, 0x4E, 0x47])
            || head.starts(with: Array("GIF8".utf8))
            || (head.starts(with: Array("RIFF".utf8)) && head[8..<12].elementsEqual("WEBP".utf8))
            || head[4..<8].elementsEqual("ftyp".utf8)
    }

    /// The photos neither shown on a page (a link to their own page) nor named in an error: a
    /// photo may be left out, but never silently.
    static func unaccounted(_ photos: [Photo], pages: [String], stderr: String) -> [String] {
        let errors = stderr.split(separator: "\n").filter { $0.contains("error:") }
        return photos.filter { photo in
            !pages.contains { $0.contains("\"\(photo.slug)/") || $0.contains("/\(photo.slug)/") }
                && !errors.contains { $0.contains(photo.name) }
        }.map(\.name)
    }

    static func pages(in output: URL) throws -> [String] {
        try SiteLinks.htmlPages(in: output).map {
            try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8)
        }
    }

    @Test(
        .enabled(if: RequiredTool.runs(whenInstalled: PrivacyTests.toolsInstalled), "needs exiftool and Pillow"),
        arguments: Setting.allCases)
    func buildPublishesNoLocationPlaceSerialOrOwner(setting: Setting) throws {
        try RequiredTool.require(Self.toolsInstalled, "exiftool and python3 with Pillow")
        let folder = try TemporaryFolder("ashlar-privacy")
        let site = try Self.makeSite(Self.photos, in: folder, config: setting.configuration)
        let run = try Ashlar.run(["build", site.path, "--cache-dir", folder.url.appendingPathComponent("cache").path])
        // The photo cut short may be left out with an error; nothing else may fail.
        let errors = run.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(
            run.status == 0
                || (run.status == 1 && !errors.isEmpty && errors.allSatisfy { $0.contains("cut-short.jpg") }),
            "\(run.stderr)")
        #expect(!run.wasSignalled, "\(run.stderr)")
        let output = site.appendingPathComponent("_site")
        try Self.expectNoLeaks(in: output)
        let pages = try Self.pages(in: output)
        #expect(Self.unaccounted(Self.photos, pages: pages, stderr: run.stderr) == [], "\(run.stderr)")
    }

    /// An AVIF cannot be cleaned here, so it is left out with an error, not published as it is.
    @Test(
        .enabled(if: RequiredTool.runs(whenInstalled: PrivacyTests.avifWritable), "needs exiftool and Pillow with AVIF")
    )
    func anAVIFWithALocationIsLeftOutWithAnError() throws {
        try RequiredTool.require(Self.avifWritable, "exiftool and python3 with Pillow built with AVIF")
        let folder = try TemporaryFolder("ashlar-privacy")
        let photos = [
            Photo(
                name: "located-avif.avif", width: 400, height: 300,
                tags: [Self.gps + Self.camera, Self.xmpGPS + Self.xmpPlace]),
            Photo(name: "gps-exif.jpg", tags: [Self.gps]),
        ]
        let site = try Self.makeSite(photos, in: folder)
        let run = try Ashlar.run(["build", site.path, "--cache-dir", folder.url.appendingPathComponent("cache").path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr.split(separator: "\n").contains { $0.contains("located-avif.avif") && $0.contains("error:") },
            "\(run.stderr)")
        let output = site.appendingPathComponent("_site")
        try Self.expectNoLeaks(in: output)
        let published = try FileManager.default.subpathsOfDirectory(atPath: output.path)
        #expect(!published.contains { $0.lowercased().hasSuffix(".avif") }, "\(published)")
        #expect(Self.unaccounted(photos, pages: try Self.pages(in: output), stderr: run.stderr) == [])
    }

    /// Whether `serve`'s background rounds are over: its last summary line shows no photo still
    /// waiting for renditions.
    static func roundsFinished(_ stdout: String) -> Bool {
        let summaries = stdout.split(separator: "\n").filter { $0.hasPrefix("Built ") || $0.hasPrefix("Not built") }
        guard let last = summaries.last else { return false }
        return !last.contains("until")
    }

    /// Fetches over HTTP every page reachable from `/` and, right after each page, the images it
    /// references (before a background round can replace them), then any other image file in
    /// `output`; saves each image in `folder` under its URL path (`/` as `_`). Returns the pages'
    /// HTML and how many images were saved.
    static func fetchSite(port: Int, output: URL, into folder: URL) throws -> (pages: [String], images: Int) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var fetched = Set<String>()
        func fetchImages(_ paths: [String]) throws {
            for path in paths where fetched.insert(path).inserted {
                let response = try RawHTTP.get("/" + path, port: port)
                guard response.status == 200 else { continue }
                let name = path.replacingOccurrences(of: "/", with: "_")
                try Data(response.body).write(to: folder.appendingPathComponent(name))
            }
        }
        var queue = ["index.html"]
        var seen = Set(queue)
        var pages: [String] = []
        while !queue.isEmpty, pages.count < 100 {
            let page = queue.removeFirst()
            let target = "/" + (page.hasSuffix("index.html") ? String(page.dropLast("index.html".count)) : page)
            let response = try RawHTTP.get(target, port: port)
            guard response.status == 200 else { continue }
            pages.append(response.text)
            var images: [String] = []
            for link in SiteLinks.links(page: page, html: response.text) {
                let urls =
                    link.attribute == "srcset"
                    ? link.value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
                    : [link.value]
                for url in urls where url.firstMatch(of: /^([A-Za-z][A-Za-z0-9+.-]*:|\/\/|#)/) == nil {
                    let path = String(url.prefix { $0 != "#" && $0 != "?" })
                    guard let resolved = SiteLinks.resolve(path, from: page) else { continue }
                    if isImage(URL(fileURLWithPath: resolved)) {
                        images.append(resolved)
                    } else if link.attribute == "href", path.isEmpty || path.hasSuffix("/") || path.hasSuffix(".html") {
                        let file =
                            path.hasSuffix(".html") ? resolved : (resolved.isEmpty ? "" : resolved + "/") + "index.html"
                        if seen.insert(file).inserted { queue.append(file) }
                    }
                }
            }
            try fetchImages(images)
        }
        let onDisk = (try? FileManager.default.subpathsOfDirectory(atPath: output.path)) ?? []
        try fetchImages(onDisk.filter { !$0.hasPrefix(".") && isImage(URL(fileURLWithPath: $0)) }.sorted())
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path).count
        return (pages, saved)
    }

    /// What `serve` sends, at once (the photos shown as they are until their renditions are
    /// made) and after its background rounds, and what it leaves in the output folder. The photo
    /// cut short is left out here: should it be an error, every page would be the error page,
    /// which references no image.
    @Test(.enabled(if: RequiredTool.runs(whenInstalled: PrivacyTests.toolsInstalled), "needs exiftool and Pillow"))
    func serveSendsNoLocationPlaceSerialOrOwner() throws {
        try RequiredTool.require(Self.toolsInstalled, "exiftool and python3 with Pillow")
        let folder = try TemporaryFolder("ashlar-privacy")
        let photos = Self.photos.filter { !$0.truncated }
        let site = try Self.makeSite(photos, in: folder)
        let output = site.appendingPathComponent("_site")
        let server = try ServeProcess(
            ["site", "--cache-dir", folder.url.appendingPathComponent("cache").path], in: folder)
        let early = folder.url.appendingPathComponent("fetched-early")
        let first = try Self.fetchSite(port: server.port, output: output, into: early)
        #expect(first.images >= photos.count)
        try Self.expectNoLeaks(in: early)

        let finished = ServeProcess.wait(upTo: 50) { Self.roundsFinished(server.stdout) }
        #expect(finished != nil, "the renditions never came: \(server.stdout)\(server.stderr)")
        let late = folder.url.appendingPathComponent("fetched-late")
        let last = try Self.fetchSite(port: server.port, output: output, into: late)
        #expect(last.images >= photos.count)
        try Self.expectNoLeaks(in: late)
        try Self.expectNoLeaks(in: output)
        #expect(Self.unaccounted(photos, pages: last.pages, stderr: server.stderr) == [], "\(server.stderr)")
        #expect(server.stop() == 0)
    }
}
