/// The published copy of a HEIC file (``PublishedCopy``), rebuilt from an allowlist, never by
/// removing what is known to be bad. It keeps:
/// - the primary image: its coded item, or its grid and the grid's tiles;
/// - its alpha plane, the same way;
/// - each image item's properties that shape its pixels: `hvcC` with only its parameter sets,
///   `ispe`, `colr`, `pixi`, `clap`, `irot`, `imir`, and `auxC` naming alpha;
/// - the coded data's picture and parameter-set NAL units;
/// - the camera's facts, in an Exif item rebuilt by ``CameraEXIF``, as for a JPEG.
///
/// XMP, thumbnails, depth maps, HDR gain maps, every other item, property and box, and the
/// bitstreams' SEI messages (encoder strings, user data) go. The image data is the same bytes, so
/// the copy decodes to the same pixels.
enum HEIFPublishedCopy {
    /// One item of the copy: its ID (the original's), type, data and properties (whole boxes).
    struct Item {
        var id: UInt32
        var type: String
        var data: [UInt8]
        var properties: [(box: [UInt8], isEssential: Bool)] = []
    }

    /// One `iref` entry of the copy.
    struct Reference {
        var kind: String
        var from: UInt32
        var to: [UInt32]
    }

    /// The NAL unit types a kept item's data keeps: the defined picture (VCL) types and VPS, SPS,
    /// PPS. SEI, access unit delimiters, end of sequence or stream, filler and the reserved and
    /// unspecified types go.
    static let keptNALTypes: Set<Int> = Set(0...9).union(16...21).union(32...34)

    /// The copy of `bytes`; throws when the file cannot be read or its primary image is not
    /// HEVC-coded, or has an essential property the copy could not carry.
    static func make(_ bytes: [UInt8]) throws(ImageError) -> [UInt8] {
        let file: HEIFFile
        let primary: HEIFImageDescription
        do {
            file = try HEIFFile(bytes)
            primary = try file.primaryImage()
        } catch {
            throw ImageError(error)
        }
        var items: [Item] = []
        var references: [Reference] = []
        try keepImage(primary, of: file, into: &items, references: &references)
        if let alphaID = primary.alphaItemID {
            let alpha: HEIFImageDescription
            do { alpha = try file.describe(alphaID) } catch { throw ImageError(error) }
            try keepImage(alpha, of: file, into: &items, references: &references)
            references.append(Reference(kind: "auxl", from: alphaID, to: [primary.itemID]))
        }
        if let exifID = primary.exifItemIDs.first, let tiff = try? file.exifTIFF(exifID),
            let kept = CameraEXIF.allowlisted(Array(tiff), keepingOrientation: true)
        {
            items.append(Item(id: exifID, type: "Exif", data: [0, 0, 0, 0] + kept))
            references.append(Reference(kind: "cdsc", from: exifID, to: [primary.itemID]))
        }
        let major = ["heic", "heix"].contains(file.brands.major) ? file.brands.major : "heic"
        return try assemble(brand: major, primary: primary.itemID, items: items, references: references)
    }

    /// Adds the items of `image` — its coded item, or its grid and tiles — with their properties.
    static func keepImage(
        _ image: HEIFImageDescription, of file: HEIFFile, into items: inout [Item], references: inout [Reference]
    ) throws(ImageError) {
        switch image.coding {
        case .single(let id, .hevc(let configuration)):
            items.append(try codedItem(id, configuration: configuration, of: file))
        case .grid(let grid, let tiles, _, _, .hevc(let configuration)):
            let outputSizesAreWide = grid.outputWidth > 0xFFFF || grid.outputHeight > 0xFFFF
            var data: [UInt8] = [0, outputSizesAreWide ? 1 : 0, UInt8(grid.rows - 1), UInt8(grid.columns - 1)]
            for side in [grid.outputWidth, grid.outputHeight] {
                if outputSizesAreWide {
                    ISOBoxWriter.appendUInt32(UInt32(side), to: &data)
                } else {
                    ISOBoxWriter.appendUInt16(UInt16(side), to: &data)
                }
            }
            items.append(
                Item(id: image.itemID, type: "grid", data: data, properties: try properties(of: image.itemID, in: file))
            )
            // A set, not a search of `items`: a grid may have 65,536 tiles.
            var kept = Set(items.map(\.id))
            for tile in tiles where kept.insert(tile).inserted {
                items.append(try codedItem(tile, configuration: configuration, of: file))
            }
            references.append(Reference(kind: "dimg", from: image.itemID, to: tiles))
        case .single(_, .av1), .grid(_, _, _, _, .av1):
            throw ImageError(.unsupported, "its primary image is AV1-coded")
        }
    }

    /// A coded item: its NAL units filtered by ``keptNALTypes``, its properties by ``box(_:)``.
    static func codedItem(_ id: UInt32, configuration: [UInt8], of file: HEIFFile) throws(ImageError) -> Item {
        let record = try HEVCDecoderConfiguration(configuration)
        let data: ArraySlice<UInt8>
        do { data = try file.data(of: id) } catch { throw ImageError(error) }
        var kept: [UInt8] = []
        kept.reserveCapacity(data.count)
        for unit in try HEVCNALUnit.lengthPrefixed(data, lengthSize: record.lengthSize)
        where keptNALTypes.contains(Int(unit[unit.startIndex] >> 1 & 0x3F)) {
            for shift in stride(from: (record.lengthSize - 1) * 8, through: 0, by: -8) {
                kept.append(UInt8(truncatingIfNeeded: unit.count >> shift))
            }
            kept += unit
        }
        // An extent of length 0 would mean "to the end of the file" in the copy's `iloc`.
        guard !kept.isEmpty else { throw ImageError(.malformed, "HEIF item \(id) holds no coded picture") }
        let type = file.item(id)?.type == "hev1" ? "hev1" : "hvc1"
        return Item(id: id, type: type, data: kept, properties: try properties(of: id, in: file))
    }

    /// The item's properties the copy carries, in `ipma` order; throws for an essential one it
    /// cannot carry (its meaning for the pixels unknown), leaves out the others.
    static func properties(of id: UInt32, in file: HEIFFile) throws(ImageError) -> [(box: [UInt8], isEssential: Bool)] {
        let associated: [HEIFAssociatedProperty]
        do { associated = try file.properties(of: id) } catch { throw ImageError(error) }
        var kept: [(box: [UInt8], isEssential: Bool)] = []
        for association in associated {
            if let box = try box(association.property) {
                kept.append((box, association.isEssential))
            } else if association.isEssential {
                throw ImageError(
                    .unsupported,
                    "HEIF item \(id) has an essential '\(association.property.boxType)' property that a published copy "
                        + "cannot carry")
            }
        }
        return kept
    }
}
