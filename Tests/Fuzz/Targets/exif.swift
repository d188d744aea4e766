import AshlarImage

@testable import AshlarCore

/// The EXIF reader on its own: a TIFF structure as found in a JPEG `APP1`, a PNG `eXIf` or a
/// WebP `EXIF` chunk, with or without the leading `Exif\0\0`; its text fields (ImageDescription,
/// Artist, Copyright, UserComment, the Windows XP tags) and its camera fields (make, model, lens,
/// exposure, f-number, ISO, focal length: never out of their plausible ranges) as the catalog
/// reads them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let exif = ExifReader(tiff: ByteWindow(fuzzInput(data, count)))
    if let orientation = exif.orientation { require((1...8).contains(orientation), "orientation \(orientation)") }
    if let date = exif.date { checkDate(date) }
    if let text = exif.text.metadata {
        checkMetadata(text)
        checkTrimmedText(text)
    }
    if let metadata = exif.metadata {
        checkMetadata(metadata)
        if let aperture = metadata.aperture { require(ExifCamera.apertures.contains(aperture), "f/\(aperture)") }
        if let focal = metadata.focalLength { require(ExifCamera.focalLengths.contains(focal), "\(focal) mm") }
        if let exposure = metadata.exposure { require(ExposureTime.normalized(exposure) == exposure, exposure) }
        _ = PhotoPageModel.cameraDetails(metadata)
    }
    for warning in exif.warnings { require(!warning.isEmpty, "an empty warning") }
    return 0
}
