import Testing

@testable import AshlarImage

/// The HEIF reader on small files written box by box (`HEIFBuilder`): what each box says comes
/// back, and what is wrong is named.
@Suite struct HEIFFileTests {
    typealias B = HEIFBuilder

    @Test func readsAGridWithIdatAndSplitExtents() throws {
        let bytes = B.gridFile()
        let file = try HEIFFile(bytes)
        #expect(file.brands == HEIFBrands(major: "heic", compatible: ["mif1", "heic"]))
        #expect(file.brands.isHEVC)
        #expect(file.primaryItemID == 10)
        #expect(file.items.map(\.id) == [1, 2, 3, 4, 10, 20, 21])
        #expect(file.items.filter(\.isHidden).map(\.id) == [1, 2, 3, 4, 20, 21])
        #expect(file.item(21)?.isXMP == true)
        // Tile n's bytes are six copies of n, in two extents (2 + 4 bytes).
        for n in 1...4 {
            #expect(try file.data(of: UInt32(n)) == [UInt8](repeating: UInt8(n), count: 6)[...])
            #expect(try file.ranges(of: UInt32(n)).map(\.count) == [2, 4])
        }
        #expect(Array(try file.data(of: 10)) == [0, 0, 1, 1, 0, 7, 0, 6])
        #expect(Array(try file.data(of: 21)) == Array("<x:xmpmeta/>".utf8))
        #expect(Array(try file.exifTIFF(20).prefix(4)) == Array("MM".utf8) + [0, 42])

        let primary = try file.primaryImage()
        #expect(primary.itemID == 10)
        #expect(
            primary.coding
                == .grid(
                    HEIFImageGrid(rows: 2, columns: 2, outputWidth: 7, outputHeight: 6), tiles: [1, 2, 3, 4],
                    tileWidth: 4, tileHeight: 4, .hevc(configuration: [1, 2, 3, 4])))
        #expect((primary.codedWidth, primary.codedHeight) == (7, 6))
        #expect(primary.transforms == [.rotate(quarterTurns: 1)])
        #expect((primary.outputWidth, primary.outputHeight) == (6, 7))
        #expect(primary.exifItemIDs == [20])
        #expect(primary.xmpItemIDs == [21])
        #expect(primary.alphaItemID == nil)
        #expect(try file.properties(of: 10).map(\.isEssential) == [false, true])
    }

    /// Which brands say HEVC, AV1 or a HEIF structure (ISO/IEC 23008-12 Annex B, AVIF §9).
    @Test(
        arguments: [
            ("heic", ["mif1", "heic"], true, false, true), ("mif1", ["heix"], true, false, true),
            ("msf1", ["hevc"], true, false, true), ("avif", ["mif1", "miaf"], false, true, true),
            ("mif1", ["miaf"], false, false, true), ("isom", ["mp41"], false, false, false),
        ])
    func brandsNameTheCodec(_ major: String, _ compatible: [String], _ hevc: Bool, _ av1: Bool, _ heif: Bool) {
        let brands = HEIFBrands(major: major, compatible: compatible)
        #expect((brands.isHEVC, brands.isAV1, brands.isHEIF) == (hevc, av1, heif))
    }

    /// A `tmap` primary falls back to its first `dimg` input, the base image, with a note.
    @Test func toneMapPrimaryFallsBackToItsBaseImage() throws {
        let bytes =
            B.ftyp()
            + B.meta([
                B.hdlr, B.pitm(2), B.iinf([B.infe(1, "hvc1"), B.infe(2, "tmap"), B.infe(3, "Exif", hidden: true)]),
                B.iref([("dimg", 2, [1]), ("cdsc", 3, [2])]),
                B.iprp([B.ispe(8, 6), B.hvcC], [(1, [1, 0x82]), (2, [1])]),
            ])
        let primary = try HEIFFile(bytes).primaryImage()
        #expect(primary.itemID == 1)
        #expect(primary.coding == .single(item: 1, .hevc(configuration: [1, 2, 3, 4])))
        #expect(primary.ignored == [HEIFIgnoredItem(item: 2, kind: .toneMap)])
        #expect(primary.exifItemIDs == [3])
    }

    /// An item whose extents together pass the limit is refused before anything is copied.
    @Test func itemDataIsBoundedByTheLimit() throws {
        var limits = HEIFLimits()
        limits.itemBytes = 10
        let bytes = B.gridFile()
        let file = try HEIFFile(bytes)
        #expect(try file.data(of: 1).count == 6)
        let small = try HEIFFile(
            file.window, meta: try HEIFFile.topLevel(file.window, limits: limits).1, brands: file.brands, limits: limits
        )
        #expect(throws: HEIFError.itemTooLarge(item: 20, bytes: 14, limit: 10)) { try small.data(of: 20) }
    }

    static let refusals: [(String, [UInt8], HEIFError)] = {
        let ftyp = B.ftyp()
        let one = B.infe(1, "hvc1")
        let props = B.iprp([B.ispe(8, 8), B.hvcC], [(1, [1, 0x82])])
        func file(_ children: [[UInt8]], trailer: [UInt8] = []) -> [UInt8] { ftyp + B.meta(children) + trailer }
        let mdat = B.box("mdat", [1, 2, 3, 4])
        let plain = file([B.hdlr, B.pitm(1), B.iinf([one]), B.iloc([.init(id: 1, extents: [(0, 4)])]), props])
        return [
            ("no ftyp", B.box("free", []) + plain, .noFileType),
            ("no meta", ftyp + mdat, .missingBox("meta")),
            ("no pitm", file([B.hdlr, B.iinf([one]), props]), .noPrimaryItem),
            ("pitm names an unlisted item", file([B.hdlr, B.pitm(9), B.iinf([one]), props]), .primaryNotListed(9)),
            (
                "extent past the end",
                file([B.hdlr, B.pitm(1), B.iinf([one]), B.iloc([.init(id: 1, extents: [(0, 9_999)])])]),
                .extentOutside(item: 1, extent: 1, container: "file")
            ),
            (
                "idat item without idat",
                file([B.hdlr, B.pitm(1), B.iinf([one]), B.iloc([.init(id: 1, method: 1, extents: [(0, 4)])])]),
                .noItemData(item: 1)
            ),
            (
                "construction method 2",
                file([B.hdlr, B.pitm(1), B.iinf([one]), B.iloc([.init(id: 1, method: 2, extents: [])])]),
                .unsupportedConstruction(item: 1, method: 2)
            ),
            (
                "iloc version 3", file([B.hdlr, B.pitm(1), B.fullBox("iloc", version: 3, [0, 0, 0, 0])]),
                .unsupportedVersion(box: "iloc", version: 3)
            ),
            (
                "iloc offset size 2", file([B.hdlr, B.fullBox("iloc", [0x22, 0x00, 0, 0])]),
                .badField(box: "iloc", field: "offset_size", value: 2)
            ),
            (
                "iinf lists an item twice", file([B.hdlr, B.pitm(1), B.iinf([one, one])]),
                .duplicateItem(box: "iinf", item: 1)
            ),
            (
                "handler is not pict",
                file([B.fullBox("hdlr", [0, 0, 0, 0] + Array("vide".utf8)), B.pitm(1), B.iinf([one])]),
                .notPictureHandler("vide")
            ),
            (
                "iloc cut short",
                file([B.hdlr, B.pitm(1), B.iinf([one]), B.fullBox("iloc", version: 1, [0x44, 0x40, 0, 1, 0, 1])]),
                .shortBox("iloc")
            ),
        ]
    }()

    @Test(arguments: refusals.indices)
    func refusesWithANamedError(_ index: Int) {
        let (name, bytes, expected) = Self.refusals[index]
        #expect(throws: expected, "\(name)") { try HEIFFile(bytes) }
    }

    static let imageRefusals: [(String, [UInt8], HEIFError, String)] = [
        (
            "grid with 3 of 4 tiles", B.gridFile(tiles: 3),
            .badGrid(item: 10, reason: "2×2 tiles declared, but dimg lists 3"),
            "grid item 10: 2×2 tiles declared, but dimg lists 3"
        ),
        (
            "grid canvas not covered", B.gridFile(canvas: (9, 6)),
            .badGrid(item: 10, reason: "its canvas is 9×6, but its ispe says 7×6"),
            "grid item 10: its canvas is 9×6, but its ispe says 7×6"
        ),
    ]

    @Test(arguments: imageRefusals.indices)
    func refusesBadImagesWithANamedError(_ index: Int) throws {
        let (name, bytes, expected, message) = Self.imageRefusals[index]
        let file = try HEIFFile(bytes)
        #expect(throws: expected, "\(name)") { try file.primaryImage() }
        #expect(expected.description == message)
    }

    @Test func messagesNameWhatIsWrong() {
        #expect(
            HEIFError.extentOutside(item: 7, extent: 1, container: "file").description
                == "iloc: item 7 extent 1 runs past the end of the file")
        #expect(HEIFError.noPrimaryItem.description == "no primary item")
        #expect(HEIFError.primaryNotListed(9).description == "pitm names item 9, which iinf does not list")
        #expect(
            HEIFError.propertyIndex(item: 3, index: 12, count: 5).description
                == "ipma: item 3 names property 12, but ipco has 5")
    }

    /// Every prefix of the grid file, and the file with each byte of `meta` flipped: never a
    /// crash; a whole file's data ranges lie inside it; what is refused is refused with a HEIFError.
    @Test func cutAndFlippedFilesAreRefusedOrReadSafely() throws {
        let bytes = B.gridFile()
        let metaEnd = bytes.count - 8 - 36
        for cut in 0..<bytes.count {
            let prefix = Array(bytes.prefix(cut))
            do {
                let file = try HEIFFile(prefix)
                // Cut inside mdat only: the tiles whose bytes are gone are refused.
                #expect(cut >= metaEnd)
                for item in file.items where file.locations[item.id] != nil {
                    if let ranges = try? file.ranges(of: item.id) {
                        #expect(ranges.allSatisfy { $0.upperBound <= cut })
                    }
                }
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        for position in 24..<metaEnd {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[position] ^= flip
                guard let file = try? HEIFFile(damaged) else { continue }
                for item in file.items {
                    guard let ranges = try? file.ranges(of: item.id), let data = try? file.data(of: item.id) else {
                        continue
                    }
                    #expect(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= damaged.count })
                    #expect(data.count == ranges.reduce(0) { $0 + $1.count })
                }
                _ = try? file.primaryImage()
            }
        }
    }

    @Test func truncatedMetaNamesTheBox() {
        let bytes = B.gridFile()
        #expect(throws: HEIFError.damagedBox(type: "meta", offset: 24)) { try HEIFFile(Array(bytes.prefix(100))) }
    }
}
