import AshlarImage

/// The camera and its settings as a photo's EXIF records them: make and model (IFD0), lens,
/// exposure time, f-number, ISO and focal length (EXIF IFD). The values are untrusted: a zero
/// denominator, a negative or absurd value leaves the field out rather than showing nonsense.
struct ExifCamera: Sendable, Equatable {
    var make: String?
    var model: String?
    var lensMake: String?
    var lensModel: String?
    /// Seconds.
    var exposureTime: Double?
    var fNumber: Double?
    /// `PhotographicSensitivity` (formerly `ISOSpeedRatings`), else what EXIF 2.3 moved the
    /// value to when it is too large for a SHORT (65535): `RecommendedExposureIndex`, `ISOSpeed`,
    /// `StandardOutputSensitivity`.
    var iso: Int?
    /// Millimetres.
    var focalLength: Double?

    /// The f-numbers lenses have, with room to spare: the fastest made is f/0.7, large-format
    /// lenses stop down to f/256.
    static let apertures = 0.5...256.0
    /// 0.5 mm (a phone's ultra-wide sensor crop) to 10 m (no lens is longer).
    static let focalLengths = 0.5...10_000.0
    static let sensitivities = 1...10_000_000

    /// Reads the camera fields among the EXIF IFD's `entries`.
    mutating func readEXIFIFD(_ entries: [TIFFReader.Entry], in tiff: TIFFReader, text: (TIFFReader.Entry) -> String?) {
        var sensitivity: [Int: Int] = [:]
        for entry in entries {
            switch entry.tag {
            case 0x829A:
                exposureTime = tiff.rational(of: entry).flatMap { ExposureTime.text(seconds: $0) != nil ? $0 : nil }
            case 0x829D: fNumber = tiff.rational(of: entry).flatMap { Self.apertures.contains($0) ? $0 : nil }
            case 0x920A: focalLength = tiff.rational(of: entry).flatMap { Self.focalLengths.contains($0) ? $0 : nil }
            case 0x8827, 0x8831, 0x8832, 0x8833: sensitivity[entry.tag] = tiff.integer(of: entry)
            case 0xA433: lensMake = text(entry)
            case 0xA434: lensModel = text(entry)
            default: break
            }
        }
        // 65535 in PhotographicSensitivity means "look in the newer tags".
        iso = [0x8827, 0x8832, 0x8833, 0x8831].lazy.compactMap { sensitivity[$0] }
            .first { Self.sensitivities.contains($0) && $0 != 65_535 }
    }

    /// The fields as metadata. The lens is its model, with its make in front when that is not
    /// the camera's and the model does not already say it ("SIGMA 35mm F1.4 DG HSM | Art" on a
    /// Sony, but "FE 35mm F1.8"). Nil when there is nothing.
    var metadata: PhotoMetadata? {
        var metadata = PhotoMetadata()
        metadata.make = make
        metadata.model = model
        if let lensModel {
            let sameMake = lensMake.map {
                CameraName.brand($0).lowercased() == CameraName.brand(make ?? "").lowercased()
            }
            metadata.lens = sameMake ?? true ? lensModel : CameraName.joined(make: lensMake, model: lensModel)
        }
        metadata.exposure = exposureTime.flatMap(ExposureTime.text(seconds:))
        metadata.aperture = fNumber
        metadata.iso = iso
        metadata.focalLength = focalLength
        return metadata == PhotoMetadata() ? nil : metadata
    }
}
