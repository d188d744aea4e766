@testable import AshlarCore
@testable import AshlarImage

/// The IPTC-IIM reader on the joined payloads of a JPEG's `APP13` segments (Photoshop `8BIM`
/// resources, resource 0x0404 holding the datasets), then as the catalog ranks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let iim = IIMReader(photoshopResources: fuzzInput(data, count))
    checkMetadata(IIMFields.metadata(iim.record))
    for warning in iim.warnings { require(!warning.isEmpty, "an empty warning") }
    checkEmbedded(EmbeddedMetadata(iim: iim.record, warnings: iim.warnings))
    return 0
}
