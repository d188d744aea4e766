import AshlarImage

@testable import AshlarCore

/// Embedded metadata in any image format, as the build reads it: `ImageHeaderReader.read` on the
/// whole file (XMP in JPEG APP1 with Extended XMP, PNG iTXt, WebP, GIF and AVIF; IIM in APP13;
/// EXIF text), then the XMP packets parsed and ranked by `EmbeddedMetadataReading`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard ImageFormat.detect(bytes) != nil else { return -1 }
    checkHeaderResult(
        ImageHeaderReader.read(bytes, fileSize: bytes.count), prefixLength: bytes.count,
        fileSize: bytes.count)
    return 0
}
