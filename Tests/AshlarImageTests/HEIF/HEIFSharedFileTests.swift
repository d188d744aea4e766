import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// Every HEIC of `../shared/heic` read by `HEIFFile`, its boxes compared with an independent
/// box walk (`Fixtures/HEIF/heif_facts.py`), its primary image with `heif-info`, and the facts
/// the folder's README states.
@Suite(.enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"))
struct HEIFSharedFileTests {
    static let folder = SharedMaterial.folder("heic")
    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".heic") }
        .sorted()

    static func read(_ name: String) throws -> HEIFFile {
        try HEIFFile(Array(Data(contentsOf: folder.appendingPathComponent(name))))
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The script's facts for one file, as a dictionary.
    static func referenceFacts(_ name: String) throws -> [String: Any] {
        let python = try RequiredTool.require(tool: "python3")
        let script = TestFiles.fixtures.appendingPathComponent("HEIF/heif_facts.py").path
        let (status, output) = try run(python, [script, folder.appendingPathComponent(name).path])
        try #require(status == 0)
        let all = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try #require(all[name] as? [String: Any])
    }

    /// One canonical string for JSON-like values, so the script's and the reader's facts compare.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let string as String: return "\"\(string)\""
        case let dictionary as [String: Any]:
            return "{"
                + dictionary.keys.sorted().map { "\($0):\(canonical(dictionary[$0] ?? 0))" }.joined(separator: ",")
                + "}"
        case let array as [Any]: return "[" + array.map(canonical).joined(separator: ",") + "]"
        case let number as NSNumber: return "\(number.int64Value)"
        default: return "\(value)"
        }
    }

    /// The reader's property in the script's terms.
    static func facts(_ associated: HEIFAssociatedProperty) -> [String: Any] {
        var fact: [String: Any] = ["type": associated.property.boxType, "essential": associated.isEssential ? 1 : 0]
        switch associated.property {
        case .spatialExtent(let width, let height): (fact["width"], fact["height"]) = (width, height)
        case .rotation(let turns): fact["angle"] = turns * 90
        case .mirror(let axis): fact["axis"] = axis == .horizontal ? 0 : 1
        case .pixelInformation(let bits): fact["bits"] = bits
        case .cleanAperture(let c):
            fact["fractions"] = [
                Int(c.widthN), Int(c.widthD), Int(c.heightN), Int(c.heightD), Int(c.horizontalOffsetN),
                Int(c.horizontalOffsetD), Int(c.verticalOffsetN), Int(c.verticalOffsetD),
            ]
        case .colour(.nclx(let primaries, let transfer, let matrix, let fullRange)):
            fact["colour"] = "nclx"
            fact["nclx"] = [primaries, transfer, matrix, fullRange ? 1 : 0]
        case .colour(.icc(let bytes, let restricted)):
            fact["colour"] = restricted ? "rICC" : "prof"
            fact["icc_bytes"] = bytes.count
        case .auxiliaryType(let urn, _): fact["urn"] = urn
        case .hevcConfiguration(let bytes), .av1Configuration(let bytes): fact["bytes"] = bytes.count
        case .other: break
        }
        return fact
    }

    @Test func theFolderHoldsTheFilesTheREADMEDescribes() {
        #expect(Self.names.count == 22)
    }

    @Test(arguments: names)
    func boxesMatchAnIndependentWalk(_ name: String) throws {
        let reference = try Self.referenceFacts(name)
        let file = try Self.read(name)
        #expect(file.brands.major == reference["major_brand"] as? String)
        #expect(file.brands.compatible == reference["compatible_brands"] as? [String])
        #expect(file.brands.isHEVC)
        #expect(file.primaryItemID.map(Int.init) == (reference["primary"] as? NSNumber)?.intValue)
        let items = try #require(reference["items"] as? [String: Any])
        #expect(Set(file.items.map { String($0.id) }) == Set(items.keys))
        for item in file.items {
            let expected = try #require(items[String(item.id)] as? [String: Any])
            var ours: [String: Any] = [
                "type": item.type, "hidden": item.isHidden ? 1 : 0, "name": item.name,
                "properties": try file.properties(of: item.id).map(Self.facts),
            ]
            if let contentType = item.contentType { ours["content_type"] = contentType }
            if let location = file.locations[item.id] {
                let data = try file.data(of: item.id)
                let ranges = try file.ranges(of: item.id)
                #expect(data.count == ranges.reduce(0) { $0 + $1.count })
                #expect(ranges.allSatisfy { $0.upperBound <= file.fileLength })
                ours["data_length"] = data.count
                ours["construction_method"] = location.construction == .file ? 0 : 1
            }
            #expect(Self.canonical(ours) == Self.canonical(expected), "\(name) item \(item.id)")
            if item.type == "grid" {
                let grid = try HEIFImageGrid(file.data(of: item.id), item: item.id)
                let expectedGrid = (reference["grids"] as? [String: Any])?[String(item.id)] ?? [:]
                let ourGrid: [String: Any] = [
                    "rows": grid.rows, "columns": grid.columns, "width": grid.outputWidth, "height": grid.outputHeight,
                ]
                #expect(Self.canonical(ourGrid) == Self.canonical(expectedGrid), "\(name) grid \(item.id)")
            }
        }
        let references: [[String: Any]] = file.references.map { reference in
            let type: String
            switch reference.kind {
            case .derivedImage: type = "dimg"
            case .thumbnail: type = "thmb"
            case .auxiliary: type = "auxl"
            case .contentDescription: type = "cdsc"
            case .other(let other): type = other
            }
            return ["type": type, "from": Int(reference.from), "to": reference.to.map(Int.init)]
        }
        #expect(Self.canonical(references) == Self.canonical(reference["references"] ?? []))
    }

    /// heif-info's primary image: its ID and its size after the transforms. Files it cannot open
    /// (an `iden` primary, the iOS 18 file it refuses) are left to the facts test below.
    @Test(arguments: names)
    func primaryImageMatchesHeifInfo(_ name: String) throws {
        let tool = try RequiredTool.require(tool: "heif-info")
        let (status, output) = try Self.run(tool, [Self.folder.appendingPathComponent(name).path])
        guard status == 0,
            let line = output.split(separator: "\n").first(where: { $0.hasPrefix("image: ") && $0.hasSuffix("primary") }
            )
        else { return }
        // "image: 3024x4032 (id=49), primary"
        let words = line.split(whereSeparator: { " x(=),".contains($0) })
        let (width, height, id) = (Int(words[1]), Int(words[2]), UInt32(words[4]))
        let primary = try Self.read(name).primaryImage()
        #expect(primary.itemID == id)
        #expect(primary.outputWidth == width)
        #expect(primary.outputHeight == height)
    }

    /// What the README says of each file, written out here.
    @Test func primaryImagesHaveTheREADMEsFacts() throws {
        let iphone8 = try Self.read("iphone8plus_arrow_irot270.heic").primaryImage()
        guard case .grid(let grid, let tiles, 512, 512, .hevc) = iphone8.coding else {
            Issue.record("iPhone 8: \(iphone8.coding)")
            return
        }
        #expect((grid.columns, grid.rows, tiles.count) == (8, 6, 48))
        #expect(iphone8.transforms == [.rotate(quarterTurns: 3)])
        #expect((iphone8.outputWidth, iphone8.outputHeight) == (3024, 4032))
        #expect(iphone8.colour.map { if case .icc(let bytes, false) = $0 { bytes.count } else { 0 } } == 548)
        #expect(iphone8.thumbnailItemIDs.count == 1)
        #expect(iphone8.exifItemIDs.count == 1)
        #expect(iphone8.xmpItemIDs.isEmpty)
        #expect(iphone8.alphaItemID == nil && iphone8.ignored.isEmpty)
        // heif-info: "thumbnail: 240x320" (320×240 coded, with irot 270).
        let thumbnail = try Self.read("iphone8plus_arrow_irot270.heic").describe(iphone8.thumbnailItemIDs[0])
        #expect((thumbnail.codedWidth, thumbnail.outputWidth, thumbnail.outputHeight) == (320, 240, 320))
        let iphone8EXIF = try Self.read("iphone8plus_arrow_irot270.heic").exifTIFF(iphone8.exifItemIDs[0])
        let iphone8Record = ExifReader.read(tiff: ByteWindow(Array(iphone8EXIF)))
        #expect(iphone8Record.orientation == 6 && !iphone8Record.hasLocation)

        let pug = try Self.read("iphone13pro_pug_gps_gainmap_depth.heic")
        let pugImage = try pug.primaryImage()
        #expect(pugImage.ignored.map(\.kind).contains(.depth))
        #expect(pugImage.ignored.map(\.kind).contains(.hdrGainMap))
        #expect(pugImage.xmpItemIDs.count == 1 && pugImage.exifItemIDs.count == 1)
        // The EXIF has GPS: tag 0x8825 (GPSInfo) in IFD0, read by the one TIFF reader.
        let tiff = try pug.exifTIFF(pugImage.exifItemIDs[0])
        #expect(Array(tiff.prefix(2)) == Array("MM".utf8) || Array(tiff.prefix(2)) == Array("II".utf8))
        #expect(ExifReader.read(tiff: ByteWindow(Array(tiff))).hasLocation)

        let iphone15 = try Self.read("iphone15pro_ios18_tmap_gainmap.heic").primaryImage()
        #expect(iphone15.itemID == 49)
        #expect(iphone15.ignored.map(\.kind).contains(.toneMap))
        #expect(iphone15.ignored.map(\.kind).contains(.hdrGainMap))
        #expect(iphone15.exifItemIDs == [67])
        #expect((iphone15.outputWidth, iphone15.outputHeight) == (3024, 4032))

        let alpha = try Self.read("self_333x257_q60_alpha_thumb.heic")
        let alphaImage = try alpha.primaryImage()
        #expect(alphaImage.alphaItemID == 4)
        #expect(alphaImage.thumbnailItemIDs == [5])
        #expect(try alpha.describe(5).alphaItemID == 6)
        #expect(try Self.read("nokia_C052.heic").primaryImage().alphaItemID == 1005)

        let clap = try Self.read("self_333x257_q90_420_nclx_clap_ph.heic").primaryImage()
        #expect(clap.transforms == [.crop(HEIFRectangle(x: 0, y: 0, width: 333, height: 257))])
        #expect(clap.colour == .nclx(primaries: 1, transfer: 13, matrix: 6, fullRange: true))

        #expect(try Self.read("self_320x240_q90_10bit.heic").primaryImage().bitsPerChannel == [10, 10, 10])
        let miaf007 = try Self.read("nokia_MIAF007.heic").primaryImage()
        #expect(
            miaf007.transforms == [
                .crop(HEIFRectangle(x: 320, y: 180, width: 640, height: 360)), .rotate(quarterTurns: 1),
                .mirror(.horizontal),
            ])
        #expect((miaf007.outputWidth, miaf007.outputHeight) == (360, 640))
        #expect(try Self.read("crabbyavif_hvcc_nal_zero_length.heic").primaryImage().codedWidth == 16)
        // C014's primary is an `iden`: refused, as libheif 1.15 refuses it.
        #expect(throws: HEIFError.unsupportedItemType(item: 1007, type: "iden")) {
            try Self.read("nokia_C014.heic").primaryImage()
        }
        // C025's primary is its first tile; the grid item is described on its own.
        let c025 = try Self.read("nokia_C025.heic")
        #expect(try c025.primaryImage().itemID == 1002)
        #expect(try c025.describe(1021).outputWidth == 384)
    }

    /// Every cut of a small real file is refused with a HEIFError or read with its ranges inside it.
    @Test func cutRealFilesAreRefusedOrReadSafely() throws {
        let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent("nokia_MIAF007.heic")))
        for cut in Array(0..<2_000) + stride(from: 2_000, to: bytes.count, by: 997).map({ $0 }) {
            let prefix = Array(bytes.prefix(cut))
            guard let file = try? HEIFFile(prefix) else { continue }
            #expect(throws: HEIFError.self) { try file.data(of: 1002) }
        }
    }
}
