/// A place in an image file that records where the photo was taken. ``LocationRecord/find(in:)``
/// is the one answer to "does this file say where it was taken, and where": the gallery's privacy
/// warning, the metadata rewriters' checks and the tests all ask it, and its per-container parts
/// (``LocationRecord/inEXIF(_:)``, ``LocationRecord/inXMP(_:)``) serve the header reader, which
/// sees only the start of a file.
public enum LocationRecord: String, Sendable, Hashable, CaseIterable {
    /// A GPS IFD with entries, linked from IFD0, IFD1 or the EXIF IFD (a JPEG's `APP1 Exif`, a PNG
    /// `eXIf` chunk).
    case exifGPS
    /// EXIF-namespace `GPS…` properties in the XMP packet, in any prefix bound to the namespace
    /// and in attribute or element form (also inside structures such as IPTC's
    /// `LocationCreated`).
    case xmpGPS
    /// The same in a JPEG's Extended XMP.
    case extendedXMPGPS
    /// A PNG text chunk with a raw EXIF, XMP or IPTC profile in hex (ImageMagick's
    /// `Raw profile type exif`): readers decode it, and what it holds is not checked here.
    case rawProfile
    /// A PNG text chunk whose keyword names a GPS property (`exif:GPSLatitude`, as a plain
    /// `convert in.jpg out.png` writes them).
    case textGPS
    /// An IPTC-IIM place in a JPEG's Photoshop resources (`APP13`): content location, city,
    /// sub-location, province or state, country code or name (datasets 2:26, 2:27, 2:90, 2:92,
    /// 2:95, 2:100, 2:101).
    case iptcPlace

    /// The IPTC-IIM record 2 datasets that name a place.
    static let iptcPlaceDatasets: Set<UInt8> = [26, 27, 90, 92, 95, 100, 101]

    /// Whether Photoshop resources (one `APP13` payload after its signature, or several joined)
    /// name a place in their IPTC-IIM (resource 0x0404): any place dataset with data that is not
    /// all spaces or NULs. Every IIM resource counts, as some reader might take any of them.
    package static func inPhotoshopResources(_ resources: ArraySlice<UInt8>) -> Bool {
        PhotoshopResources(resources).resources.contains { resource in
            resource.id == 0x0404
                && IIMDatasets(resources[resource.data]).datasets.contains { dataset in
                    dataset.record == 2 && iptcPlaceDatasets.contains(dataset.number)
                        && resources[dataset.data].contains { $0 != 0x20 && $0 != 0 }
                }
        }
    }

    /// Whether an EXIF TIFF structure records a location. Unreadable EXIF records none: no reader
    /// finds one in it.
    public static func inEXIF(_ tiff: [UInt8]) -> Bool {
        TIFFReader(tiff)?.recordsLocation ?? false
    }

    /// Whether an XMP packet records a location: any EXIF-namespace `GPS…` property but
    /// `GPSVersionID`, or a property of any namespace named for a position or a place
    /// (``XMPPlaceNames``: DJI's `drone-dji:GpsLatitude`, Darwin Core's `dwc:decimalLatitude`,
    /// `photoshop:City`, IPTC's `Iptc4xmpExt:LocationCreated`, …). A packet whose properties
    /// cannot be delimited counts when such a name appears at all, as a reader might still find it.
    public static func inXMP(_ xmp: [UInt8]) -> Bool {
        if XMPPlaceNames.appear(in: xmp) { return true }
        guard let properties = JPEGMetadata.gpsProperties(in: xmp) else {
            let prefixes = JPEGMetadata.exifPrefixes(in: xmp)
            return JPEGMetadata.nextEXIFGPSName(in: xmp, from: 0, prefixes: prefixes) != nil
        }
        let version = Array("GPSVersionID".utf8)
        return properties.contains { $0 != version }
    }

    /// The GUIDs of the Extended XMP packets that may record a location, whether or not the
    /// standard packet names them (exiftool reads them all): those where an EXIF `GPS` property
    /// name in any form (`:GPS`) appears in a part, in the parts laid end to end in offset order,
    /// or in the packet as ``ExtendedXMP/joined(guid:)`` assembles it. Parts that do not fit
    /// together are still searched, as some reader might join them.
    package static func locatedPackets(in extended: ExtendedXMP) -> Set<String> {
        let gps = Array(":GPS".utf8)
        func mentionsGPS(_ bytes: [UInt8]) -> Bool { JPEGMetadata.firstRange(of: gps, in: bytes, from: 0) != nil }
        return Set(
            extended.guids.filter { guid in
                let parts = extended.packets[guid] ?? []
                if parts.contains(where: { mentionsGPS(Array($0.data)) }) { return true }
                if mentionsGPS(parts.sorted { $0.offset < $1.offset }.flatMap(\.data)) { return true }
                return (try? extended.joined(guid: guid).get()).map(mentionsGPS) ?? false
            })
    }

    /// Every place the JPEG, PNG or HEIC file `bytes` records a location; empty for other formats and
    /// for files whose structure cannot be read (they are not published).
    public static func find(in bytes: [UInt8]) -> Set<LocationRecord> {
        var found: Set<LocationRecord> = []
        switch ImageFormat.detect(bytes) {
        case .jpeg:
            guard let layout = try? JPEGSegment.layout(of: bytes) else { return [] }
            if inPhotoshopResources(JPEGMetadata.photoshopResources(layout.segments, in: bytes)[...]) {
                found.insert(.iptcPlace)
            }
            for segment in layout.segments where segment.marker == 0xE1 {
                if let tiffStart = JPEGMetadata.exifStart(segment, in: bytes) {
                    if inEXIF(Array(bytes[tiffStart..<segment.end])) { found.insert(.exifGPS) }
                } else if segment.hasSignature(JPEGMetadata.xmpSignature, in: bytes) {
                    let packet = Array(bytes[(segment.start + JPEGMetadata.xmpSignature.count)..<segment.end])
                    if inXMP(packet) { found.insert(.xmpGPS) }
                }
            }
            if !locatedPackets(in: ExtendedXMP(segments: layout.segments, in: bytes)).isEmpty {
                found.insert(.extendedXMPGPS)
            }
        case .png:
            guard let structure = try? PNGStructure(bytes, headerOnly: false) else { return [] }
            for chunk in structure.chunks where chunk.isComplete {
                let data = Array(bytes[chunk.data])
                switch chunk.type {
                case "eXIf":
                    if inEXIF(data) { found.insert(.exifGPS) }
                case "iTXt", "tEXt", "zTXt":
                    if chunk.type == "iTXt", case .success(let packet) = PNGMetadata.xmpPacket(fromITXt: data) {
                        if inXMP(packet) { found.insert(.xmpGPS) }
                    } else if PNGMetadata.isRawProfile(data) {
                        found.insert(.rawProfile)
                    } else if String(decoding: data.prefix { $0 != 0 }, as: UTF8.self).lowercased().contains("gps") {
                        found.insert(.textGPS)
                    }
                default:
                    break
                }
            }
        case .heic:
            guard let file = try? HEIFFile(bytes) else { return [] }
            for item in file.items {
                if item.type == "Exif", let tiff = try? file.exifTIFF(item.id), inEXIF(Array(tiff)) {
                    found.insert(.exifGPS)
                }
                if item.isXMP, let packet = try? file.xmpPacket(item.id), inXMP(Array(packet)) { found.insert(.xmpGPS) }
            }
        case .gif, .webp, .avif, nil:
            break
        }
        return found
    }
}
