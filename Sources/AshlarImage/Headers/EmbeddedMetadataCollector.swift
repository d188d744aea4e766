/// Gathers the metadata segments of a JPEG (or the chunks of another format) while its header is
/// scanned, and turns them into `EmbeddedMetadata` once the scan is done.
struct EmbeddedMetadataCollector {
    static let xmpSignature = "http://ns.adobe.com/xap/1.0/\0"

    var exif: ExifRecord?
    var xmp: [UInt8]?
    /// The Extended XMP parts, read by AshlarImage's `ExtendedXMP` as the rewriter reads them.
    var extended = ExtendedXMP()
    /// The joined payloads of `APP13` segments after their signature.
    var photoshopResources: [UInt8] = []

    /// Reads one JPEG `APP1` payload: EXIF, XMP or a part of Extended XMP.
    mutating func addAPP1(_ payload: ByteWindow) {
        if payload.matches("Exif\0\0", at: 0) {
            if exif == nil { exif = ExifReader.read(tiff: payload.window(6, count: -1)) }
        } else if payload.matches(Self.xmpSignature, at: 0) {
            let count = Self.xmpSignature.utf8.count
            if xmp == nil { xmp = Array(payload.slice(count, count: payload.count - count) ?? []) }
        } else if let body = Self.body(of: payload, after: ExtendedXMP.signature) {
            extended.add(body)
        }
    }

    /// Reads one JPEG `APP13` payload.
    mutating func addAPP13(_ payload: ByteWindow) {
        guard let body = Self.body(of: payload, after: PhotoshopResources.signature) else { return }
        photoshopResources += body
    }

    /// The payload after `signature`, when it starts with it.
    private static func body(of payload: ByteWindow, after signature: [UInt8]) -> ArraySlice<UInt8>? {
        guard payload.slice(0, count: signature.count)?.elementsEqual(signature) == true else { return nil }
        return payload.slice(signature.count, count: payload.count - signature.count)
    }

    var embedded: EmbeddedMetadata {
        var embedded = EmbeddedMetadata(xmp: xmp, exif: exif)
        embedded.hasLocation =
            (exif?.hasLocation ?? false) || LocationRecord.inPhotoshopResources(photoshopResources[...])
        if let exif { embedded.warnings += exif.warnings }
        if !photoshopResources.isEmpty {
            let iim = IIMReader(photoshopResources: photoshopResources)
            embedded.iim = iim.record.isEmpty ? nil : iim.record
            embedded.warnings += iim.warnings
        }
        if let xmp, let guid = ExtendedXMP.guid(inStandardPacket: xmp) {
            switch extended.assembled(guid: guid) {
            case .success(let packet): embedded.extendedXMP = packet
            case .failure(let problem): embedded.warnings.append(Self.warning(problem))
            }
        }
        return embedded
    }

    /// What the catalog says when the Extended XMP the standard packet names cannot be used.
    static func warning(_ problem: ExtendedXMP.AssemblyProblem) -> String {
        switch problem {
        case .missing: "its Extended XMP is missing; only the main XMP packet is read"
        case .inconsistent: "its Extended XMP parts do not agree on their length; only the main XMP packet is read"
        case .incomplete: "its Extended XMP has a part missing; only the main XMP packet is read"
        case .digestMismatch: "its Extended XMP does not match its MD5 digest; only the main XMP packet is read"
        }
    }
}
