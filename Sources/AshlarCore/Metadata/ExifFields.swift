import AshlarImage

/// An image's EXIF (`ExifRecord`) as a photo's metadata: each field from its EXIF keys in the
/// field table. The values are untrusted: a zero denominator, a negative or absurd value leaves
/// the field out rather than showing nonsense.
enum ExifFields {
    /// The f-numbers lenses have, with room to spare: the fastest made is f/0.7, large-format
    /// lenses stop down to f/256.
    static let apertures = 0.5...256.0
    /// 0.5 mm (a phone's ultra-wide sensor crop) to 10 m (no lens is longer).
    static let focalLengths = 0.5...10_000.0
    /// Exposure compensation in EV: cameras offer ±5, some ±10; past ±20 it is not one.
    static let exposureCompensations = -20.0...20.0
    static let sensitivities = 1...10_000_000

    /// What cameras write into `ImageDescription` or `UserComment` when the photographer wrote
    /// nothing: a caption that says so would be worse than none.
    static let cameraDefaults: Set<String> = [
        "olympus digital camera", "sony dsc", "konica minolta digital camera", "minolta digital camera",
        "digital camera", "samsung digital camera", "samsung camera pictures", "kodak digital still camera",
        "default", "dcim", "lg digital camera", "sanyo digital camera", "hp digital camera",
    ]

    /// The fields `record` gives.
    static func metadata(_ record: ExifRecord) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        for field in MetadataField.allCases {
            for key in field.definition.exif {
                guard let value = value(key, in: record, kind: field.definition.kind) else { continue }
                metadata[field] = value
                break
            }
        }
        return metadata
    }

    private static func value(_ key: ExifKey, in record: ExifRecord, kind: MetadataKind) -> MetadataValue? {
        switch key {
        case .text(let tag):
            return record.texts[tag].map(MetadataValue.text)
        case .caption(let tag):
            guard let text = record.texts[tag], !cameraDefaults.contains(text.lowercased()) else { return nil }
            return .text(text)
        case .names(let tag):
            // Windows separates several authors with `;`.
            let names = split(record.texts[tag])
            return names.isEmpty ? nil : .text(names.joined(separator: ", "))
        case .keywords(let tag):
            var tags: [String] = []
            for tag in split(record.texts[tag]) where !tags.contains(tag) { tags.append(tag) }
            return tags.isEmpty ? nil : .texts(tags)
        case .rational(let tag, let range):
            return record.rationals[tag].flatMap { range.contains($0) ? .number($0) : nil }
        case .wholeNumber(let tag, let range):
            return record.integers[tag].map(Double.init).flatMap { range.contains($0) ? .number($0) : nil }
        case .exposure(let tag):
            return record.rationals[tag].flatMap(ExposureTime.text(seconds:)).map(MetadataValue.text)
        case .sensitivity(let tags):
            // 65535 in PhotographicSensitivity means "look in the newer tags".
            return tags.lazy.compactMap { record.integers[$0] }
                .first { sensitivities.contains($0) && $0 != 65_535 }
                .map(MetadataValue.integer)
        case .lens(let makeTag, let modelTag):
            guard let lensModel = record.texts[modelTag] else { return nil }
            return .text(lens(model: lensModel, make: record.texts[makeTag], camera: record.texts[ExifTag.make]))
        case .date(let tag, let offsetTag):
            guard let text = record.texts[tag], !PhotoDate.isPlaceholder(text), let date = PhotoDate(parsing: text)
            else { return nil }
            return .date(
                date.withOffsetIfMissing(record.texts[offsetTag].flatMap(PhotoDate.utcOffsetMinutes(parsing:))))
        }
    }

    /// The lens is its model, with its make in front when that is not the camera's and the
    /// model does not already say it ("SIGMA 35mm F1.4 DG HSM | Art" on a Sony, but
    /// "FE 35mm F1.8").
    static func lens(model: String, make lensMake: String?, camera: String?) -> String {
        let sameMake = lensMake.map { CameraName.brand($0).lowercased() == CameraName.brand(camera ?? "").lowercased() }
        return sameMake ?? true ? model : CameraName.joined(make: lensMake, model: model) ?? model
    }

    /// `;`-separated text's parts, trimmed, without empty ones.
    private static func split(_ text: String?) -> [String] {
        (text ?? "").split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }
}
