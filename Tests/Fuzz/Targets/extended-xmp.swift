@testable import AshlarCore
@testable import AshlarImage

/// Extended XMP assembly: the input is a standard XMP packet, then Extended XMP segment payloads
/// (after their signature: GUID, full length, offset, data), each preceded by its length in two
/// bytes (big-endian), as a JPEG's `APP1` segments hand them to the collector. An extended packet
/// is kept only when it passes its digest.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    var collector = EmbeddedMetadataCollector()
    var offset = 0
    var first = true
    while offset + 2 <= bytes.count {
        let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        let part = bytes[(offset + 2)..<min(bytes.count, offset + 2 + length)]
        let signature = first ? Array(EmbeddedMetadataCollector.xmpSignature.utf8) : ExtendedXMP.signature
        collector.addAPP1(ByteWindow(signature + part))
        first = false
        offset += 2 + length
    }
    checkEmbedded(collector.embedded)
    return 0
}
