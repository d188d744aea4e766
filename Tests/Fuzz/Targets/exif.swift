@testable import AshlarCore

/// The EXIF reader on its own: a TIFF structure as found in a JPEG `APP1`, a PNG `eXIf` or a
/// WebP `EXIF` chunk, with or without the leading `Exif\0\0`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let exif = ExifReader(tiff: ByteWindow(fuzzInput(data, count)))
    if let orientation = exif.orientation { require((1...8).contains(orientation), "orientation \(orientation)") }
    if let description = exif.description { require(!description.isEmpty, "an empty description") }
    if let date = exif.date { checkDate(date) }
    return 0
}
