extension HEIFFile {
    /// Auxiliary-type URNs that mark an alpha plane (HEVC's and MPEG-B's).
    package static let alphaURNs: Set<String> = [
        "urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha",
    ]
    /// Auxiliary-type URNs that mark a depth map.
    package static let depthURNs: Set<String> = [
        "urn:mpeg:hevc:2015:auxid:2", "urn:mpeg:mpegB:cicp:systems:auxiliary:depth",
    ]
    /// Apple's HDR gain map.
    package static let gainMapURN = "urn:com:apple:photo:2020:aux:hdrgainmap"

    /// The primary image, described for the decoder and the gallery.
    ///
    /// A `tmap` primary (ISO 21496-1 tone-mapped HDR) falls back to its first `dimg` input, the
    /// SDR base image that a reader which does not apply the gain map shows (in the shared iPhone
    /// file the `tmap` is not the primary: the base grid is). `iden` and `iovl` primaries are
    /// refused (`unsupportedItemType`), as libheif 1.15 refuses `iden` (nokia_C014).
    package func primaryImage() throws(HEIFError) -> HEIFImageDescription {
        guard let primaryItemID else { throw .noPrimaryItem }
        guard item(primaryItemID) != nil else { throw .primaryNotListed(primaryItemID) }
        return try describe(primaryItemID)
    }

    /// Describes the image item `itemID` (the primary, a thumbnail, an alpha plane).
    package func describe(_ itemID: UInt32) throws(HEIFError) -> HEIFImageDescription {
        var id = itemID
        var ignored: [HEIFIgnoredItem] = []
        if try requireItem(id).type == "tmap" {
            guard let base = referenced(from: id, .derivedImage).first else {
                throw .unsupportedItemType(item: id, type: "tmap")
            }
            ignored.append(HEIFIgnoredItem(item: id, kind: .toneMap))
            id = base
        }
        let item = try requireItem(id)
        let properties = try properties(of: id)
        for associated in properties where associated.isEssential {
            if case .other(let type) = associated.property {
                throw .unsupportedEssentialProperty(item: id, property: type)
            }
        }
        let (width, height) = try extent(of: id, properties)
        let coding: HEIFImageDescription.Coding
        var colours = properties.compactMap(\.property.colour)
        var bits = properties.lazy.compactMap(\.property.bitsPerChannel).first
        switch item.type {
        case "hvc1", "av01":
            coding = .single(item: id, try codec(of: id, type: item.type, properties))
        case "grid":
            let grid = try self.grid(id, width: width, height: height)
            coding = grid.coding
            if colours.isEmpty { colours = grid.firstTile.compactMap(\.property.colour) }
            bits = bits ?? grid.firstTile.lazy.compactMap(\.property.bitsPerChannel).first
        default:
            throw .unsupportedItemType(item: id, type: item.type)
        }
        let (transforms, outputWidth, outputHeight) = try Self.transforms(id, properties, width: width, height: height)
        var description = HEIFImageDescription(
            itemID: id, coding: coding, codedWidth: width, codedHeight: height, transforms: transforms,
            outputWidth: outputWidth, outputHeight: outputHeight, colour: colours.first, bitsPerChannel: bits,
            alphaItemID: nil, ignored: ignored, thumbnailItemIDs: referring(to: id, .thumbnail), exifItemIDs: [],
            xmpItemIDs: [])
        description.colours = colours
        try addRelatedItems(to: &description)
        return description
    }

    /// Alpha, ignored auxiliaries and tone maps, Exif and XMP.
    private func addRelatedItems(to description: inout HEIFImageDescription) throws(HEIFError) {
        let id = description.itemID
        for auxiliary in referring(to: id, .auxiliary) {
            let urn = try properties(of: auxiliary).lazy.compactMap(\.property.auxiliaryURN).first ?? ""
            if Self.alphaURNs.contains(urn), description.alphaItemID == nil {
                description.alphaItemID = auxiliary
            } else if Self.depthURNs.contains(urn) {
                description.ignored.append(HEIFIgnoredItem(item: auxiliary, kind: .depth))
            } else if urn == Self.gainMapURN {
                description.ignored.append(HEIFIgnoredItem(item: auxiliary, kind: .hdrGainMap))
            } else {
                description.ignored.append(HEIFIgnoredItem(item: auxiliary, kind: .auxiliary(urn)))
            }
        }
        for toneMap in referring(to: id, .derivedImage) where item(toneMap)?.type == "tmap" {
            if !description.ignored.contains(where: { $0.item == toneMap }) {
                description.ignored.append(HEIFIgnoredItem(item: toneMap, kind: .toneMap))
            }
        }
        var described = [id]
        described += description.ignored.filter { $0.kind == .toneMap }.map(\.item)
        for metadata in described.flatMap({ referring(to: $0, .contentDescription) }) {
            guard let item = item(metadata) else { continue }
            if item.type == "Exif", !description.exifItemIDs.contains(metadata) {
                description.exifItemIDs.append(metadata)
            } else if item.isXMP, !description.xmpItemIDs.contains(metadata) {
                description.xmpItemIDs.append(metadata)
            }
        }
    }

    /// The item's `ispe`, checked against the size limit.
    func extent(of id: UInt32, _ properties: [HEIFAssociatedProperty]) throws(HEIFError) -> (Int, Int) {
        guard let (width, height) = properties.lazy.compactMap(\.property.size).first else {
            throw .missingProperty(item: id, property: "ispe")
        }
        guard width > 0, height > 0, width <= limits.dimension, height <= limits.dimension else {
            throw .imageTooLarge(item: id, width: width, height: height, limit: limits.dimension)
        }
        return (width, height)
    }

    func codec(of id: UInt32, type: String, _ properties: [HEIFAssociatedProperty]) throws(HEIFError) -> HEIFCodec {
        for associated in properties {
            switch (type, associated.property) {
            case ("hvc1", .hevcConfiguration(let bytes)): return .hevc(configuration: bytes)
            case ("av01", .av1Configuration(let bytes)): return .av1(configuration: bytes)
            default: continue
            }
        }
        throw .missingProperty(item: id, property: type == "av01" ? "av1C" : "hvcC")
    }

    /// The transforms in ipma order, with the size after them.
    static func transforms(_ id: UInt32, _ properties: [HEIFAssociatedProperty], width: Int, height: Int)
        throws(HEIFError) -> ([HEIFTransform], Int, Int)
    {
        var transforms: [HEIFTransform] = []
        var (width, height) = (width, height)
        for associated in properties {
            switch associated.property {
            case .cleanAperture(let aperture):
                guard let rectangle = aperture.cropRectangle(width: width, height: height) else {
                    throw .badCleanAperture(item: id)
                }
                transforms.append(.crop(rectangle))
                (width, height) = (rectangle.width, rectangle.height)
            case .rotation(let turns):
                transforms.append(.rotate(quarterTurns: turns))
                if turns % 2 == 1 { (width, height) = (height, width) }
            case .mirror(let axis):
                transforms.append(.mirror(axis))
            default:
                continue
            }
        }
        return (transforms, width, height)
    }

    /// The Exif item's TIFF structure: the payload after its 4-byte offset to the TIFF header.
    package func exifTIFF(_ itemID: UInt32) throws(HEIFError) -> ArraySlice<UInt8> {
        let data = try data(of: itemID)
        guard let offset = ByteWindow(Array(data.prefix(4))).u32(0), Int(offset) <= data.count - 4 else {
            throw .badField(box: "Exif item \(itemID)", field: "TIFF header offset", value: data.count)
        }
        return data.dropFirst(4 + Int(offset))
    }

    /// An XMP item's packet, without the NUL bytes after it: iPhones end the item with one, as a C
    /// string, which the XML reader would refuse as not UTF-8.
    package func xmpPacket(_ itemID: UInt32) throws(HEIFError) -> ArraySlice<UInt8> {
        var data = try data(of: itemID)
        while data.last == 0 { data.removeLast() }
        return data
    }
}

extension HEIFProperty {
    var colour: HEIFColour? {
        if case .colour(let colour) = self { colour } else { nil }
    }

    var bitsPerChannel: [Int]? {
        if case .pixelInformation(let bits) = self { bits } else { nil }
    }

    var size: (Int, Int)? {
        if case .spatialExtent(let width, let height) = self { (width, height) } else { nil }
    }

    var auxiliaryURN: String? {
        if case .auxiliaryType(let urn, _) = self { urn } else { nil }
    }
}
