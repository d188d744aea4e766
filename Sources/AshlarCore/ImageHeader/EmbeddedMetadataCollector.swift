/// Gathers the metadata segments of a JPEG (or the chunks of another format) while its header is
/// scanned, and turns them into `EmbeddedMetadata` once the scan is done.
struct EmbeddedMetadataCollector {
    static let xmpSignature = "http://ns.adobe.com/xap/1.0/\0"
    static let photoshopSignature = "Photoshop 3.0\0"

    var exif: ExifReader?
    var xmp: [UInt8]?
    var extended = ExtendedXMP()
    /// The joined payloads of `APP13` segments after their signature.
    var photoshopResources: [UInt8] = []

    /// Reads one JPEG `APP1` payload: EXIF, XMP or a part of Extended XMP.
    mutating func addAPP1(_ payload: ByteWindow) {
        if payload.matches("Exif\0\0", at: 0) {
            if exif == nil { exif = ExifReader(tiff: payload.window(6, count: -1)) }
        } else if payload.matches(Self.xmpSignature, at: 0) {
            let count = Self.xmpSignature.utf8.count
            if xmp == nil { xmp = Array(payload.slice(count, count: payload.count - count) ?? []) }
        } else if payload.matches(ExtendedXMP.signature, at: 0) {
            let count = ExtendedXMP.signature.utf8.count
            extended.add(payload.window(count, count: -1))
        }
    }

    /// Reads one JPEG `APP13` payload.
    mutating func addAPP13(_ payload: ByteWindow) {
        let count = Self.photoshopSignature.utf8.count
        guard payload.matches(Self.photoshopSignature, at: 0),
            let body = payload.slice(count, count: payload.count - count)
        else { return }
        photoshopResources += body
    }

    var embedded: EmbeddedMetadata {
        var embedded = EmbeddedMetadata(xmp: xmp, exif: exif?.text.metadata)
        embedded.hasLocation = exif?.hasLocation ?? false
        if let exif { embedded.warnings += exif.warnings }
        if !photoshopResources.isEmpty {
            let iim = IIMReader(photoshopResources: photoshopResources)
            embedded.iim = iim.metadata == PhotoMetadata() ? nil : iim.metadata
            embedded.warnings += iim.warnings
        }
        if let xmp, let guid = ExtendedXMP.guid(inStandardPacket: xmp) {
            switch extended.assembled(guid: guid) {
            case .success(let packet): embedded.extendedXMP = packet
            case .failure(let problem): embedded.warnings.append(problem.message)
            }
        }
        return embedded
    }
}
