import AshlarImage

@testable import AshlarCore

/// The EXIF reader on its own: a TIFF structure as found in a JPEG `APP1`, a PNG `eXIf` or a
/// WebP `EXIF` chunk, with or without the leading `Exif\0\0`; its text fields (ImageDescription,
/// Artist, Copyright, UserComment, the Windows XP tags) and its camera fields (make, model, lens,
/// exposure, f-number, ISO, focal length: never out of their plausible ranges) as the catalog
/// reads them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let exif = ExifReader.read(tiff: ByteWindow(fuzzInput(data, count)))
    if let orientation = exif.orientation { require((1...8).contains(orientation), "orientation \(orientation)") }
    for text in exif.texts.values { require(!text.isEmpty && text.trimmingSpaces == text, "EXIF text \(text)") }
    let metadata = ExifFields.metadata(exif)
    if let date = metadata.date { checkDate(date) }
    checkMetadata(metadata)
    checkTrimmedText(metadata)
    if let aperture = metadata.aperture { require(ExifFields.apertures.contains(aperture), "f/\(aperture)") }
    if let focal = metadata.focalLength { require(ExifFields.focalLengths.contains(focal), "\(focal) mm") }
    if let exposure = metadata.exposure { require(ExposureTime.normalized(exposure) == exposure, exposure) }
    _ = PhotoPageModel.cameraDetails(metadata)
    for warning in exif.warnings { require(!warning.isEmpty, "an empty warning") }
    return 0
}
