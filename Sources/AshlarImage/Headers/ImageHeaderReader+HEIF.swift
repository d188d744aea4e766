extension ImageHeaderReader {
    typealias Box = ISOBoxReader.Box

    /// Boxes per container beyond this are not read.
    static var maximumBoxes: Int { ISOBoxReader.maximumBoxes }

    /// Reads an AVIF or HEIC (ISO BMFF) file: checks the `ftyp` brands, then reads the primary
    /// item's `ispe` (size), `clap` (crop), `irot` (rotation) and `imir` (mirror) properties from
    /// `meta`/`iprp`, an XMP item (`mime`, `application/rdf+xml`) when there is one, and for HEIC
    /// its Exif item through the one TIFF reader.
    static func scanHEIF(_ file: ByteWindow, format: ImageFormat) -> HeaderScan {
        let name = format.name
        var offset = 0
        var boxCount = 0
        var brands: [String] = []
        while boxCount < maximumBoxes {
            boxCount += 1
            let box: Box
            switch ISOBoxReader.header(file, at: offset, end: nil) {
            case .box(let found): box = found
            case .needs(let needed): return .needs(needed)
            case .damaged(let type, .tooLarge): return .invalid("\(name) box '\(type)' is too large")
            case .damaged(let type, .tooSmall(let size)):
                return .invalid("\(name) box '\(type)' at byte \(offset) has size \(size)")
            case .damaged: return .invalid("\(name) has no 'meta' box")
            }
            let type = box.type
            let size = box.end - box.start
            if file.u32(offset) == 0, type != "meta" { return .invalid("\(name) has no 'meta' box") }
            if offset == 0 {
                guard type == "ftyp", size <= 4096 else { return .invalid("\(name) has a damaged 'ftyp' box") }
                guard file.contains(0, count: size) else { return .needs(size) }
                brands = []
                for brandOffset in stride(from: 8, to: size, by: 4) where brandOffset != 12 {
                    if let brand = file.slice(brandOffset, count: 4) {
                        brands.append(String(decoding: brand, as: UTF8.self))
                    }
                }
                let known =
                    format == .avif
                    ? brands.contains("avif") || brands.contains("avis")
                    : brands.contains(where: ImageFormat.heifBrands.contains)
                guard known else { return .notAVIF }
            } else if type == "meta" {
                guard file.contains(0, count: offset + size) else { return .needs(offset + size) }
                return readMeta(file, box, brands: brands, format: format)
            }
            offset += size
        }
        return .invalid("\(name) has no 'meta' box")
    }

    /// The primary item's size and transforms, and its XMP (and Exif) item, through the one HEIF
    /// reader (`HEIFFile`), read leniently: a file without `pitm` or `ipma` takes every property.
    private static func readMeta(_ file: ByteWindow, _ meta: Box, brands: [String], format: ImageFormat) -> HeaderScan {
        let name = format.name
        let heif: HEIFFile
        let associated: [HEIFProperty]
        do {
            heif = try HEIFFile(
                file, meta: meta, brands: HEIFBrands(major: brands.first ?? "", compatible: Array(brands.dropFirst())),
                fileLength: Int.max)
            if let primary = heif.primaryItemID, heif.hasAssociations(primary) {
                associated = try heif.properties(of: primary).map(\.property)
            } else {
                associated = heif.properties
            }
        } catch {
            return .invalid("\(name) metadata is damaged")
        }
        guard let (width, height) = associated.lazy.compactMap(\.size).first else {
            return .invalid("\(name) has no image size ('ispe') for its primary image")
        }
        var size = (width: width, height: height)
        var rotation = 0
        var mirror: Int?
        for property in associated {
            if case .rotation(let turns) = property, rotation == 0 { rotation = turns }
            if case .mirror(let axis) = property, mirror == nil { mirror = axis == .vertical ? 0 : 1 }
            if case .cleanAperture(let aperture) = property,
                let crop = aperture.cropRectangle(width: width, height: height)
            {
                size = (crop.width, crop.height)
            }
        }
        var header = ImageHeader(
            format: format, width: size.width, height: size.height,
            orientation: ExifOrientation.value(heifRotation: rotation, mirrorAxis: mirror))
        // The items describing the primary image (its Exif and XMP; an iPhone's gain map has an
        // XMP item of its own).
        let described = heif.primaryItemID.map { heif.referring(to: $0, .contentDescription) } ?? []
        // The XMP item: read when its bytes are there, asked for when they lie further on, left
        // out when its location is damaged or it is longer than any prefix read.
        if let xmp = heif.items.first(where: { $0.isXMP && described.contains($0.id) })
            ?? heif.items.first(where: \.isXMP),
            let ranges = try? heif.ranges(of: xmp.id), ranges.reduce(0, { $0 + $1.count }) <= maximumPrefix
        {
            do {
                header.embedded.xmp = Array(try heif.xmpPacket(xmp.id))
            } catch .truncated(_, let needs) {
                return .partial(header, needs: needs)
            } catch {}
        }
        // The Exif item describing the primary image, else the file's first.
        if format == .heic,
            let exif = heif.items.first(where: { $0.type == "Exif" && described.contains($0.id) })
                ?? heif.items.first(where: { $0.type == "Exif" })
        {
            do {
                let tiff = try heif.exifTIFF(exif.id)
                let record = ExifReader.read(tiff: ByteWindow(Array(tiff)))
                header.embedded.exif = record
                header.embedded.hasLocation = record.hasLocation
                header.embedded.warnings += record.warnings
            } catch .truncated(_, let needs) {
                return .partial(header, needs: needs)
            } catch {
                header.embedded.warnings.append("its Exif item is damaged")
            }
        }
        return .header(header)
    }

    /// The boxes inside `parent`'s payload, or nil when one of them does not fit.
    static func children(_ file: ByteWindow, of parent: Box) -> [Box]? {
        ISOBoxReader.children(file, of: parent)
    }
}
