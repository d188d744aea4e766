/// The values of Ashlar sidecars that need more than a type.
extension JSONObjectReader {
    /// A path relative to the sidecar's folder or an `http(s)` URL. Absolute paths, other URL
    /// schemes and control characters are refused here; whether a relative path stays inside the
    /// source tree is decided where the tree is known.
    mutating func source(_ key: String) -> String? {
        read(key) { $0.source($1, at: $2) }
    }

    mutating func source(_ value: JSONValue, at place: Place) -> String? {
        guard let text = string(value, at: place) else { return nil }
        if let problem = SourceReference.problem(with: text) {
            reject(value, at: place, must: problem)
            return nil
        }
        return text
    }

    /// An `http(s)` URL a page can link to.
    mutating func webURL(_ key: String) -> String? {
        read(key) { reader, value, place in
            guard let text = reader.string(value, at: place) else { return nil }
            guard SourceReference.isWebURL(text) else {
                reader.reject(value, at: place, expected: "an http or https URL")
                return nil
            }
            return text
        }
    }

    mutating func date(_ key: String) -> PhotoDate? {
        read(key) { reader, value, place in
            guard let text = value.stringValue, let date = PhotoDate(parsing: text.trimmingSpaces) else {
                reader.reject(value, at: place, expected: "a date like \"2024-06-01\" or \"2024-06-01T18:30:00\"")
                return nil
            }
            return date
        }
    }

    /// `"1/250"` or a number of seconds, normalised by `ExposureTime`.
    mutating func exposure(_ key: String) -> String? {
        read(key) { $0.exposure($1, at: $2) }
    }

    mutating func exposure(_ value: JSONValue, at place: Place) -> String? {
        let normalized: String?
        switch value.kind {
        case .string(let text): normalized = ExposureTime.normalized(text)
        case .number(let seconds): normalized = ExposureTime.text(seconds: seconds)
        default: normalized = nil
        }
        if normalized == nil {
            reject(value, at: place, expected: "an exposure time like \"1/250\" or a number of seconds")
        }
        return normalized
    }

    static let renditionKeys = Keys(names: ["src", "width", "height"], noun: "a rendition key", nullMeansAbsent: false)

    /// A list whose items are `{"src": …, "width": …, "height": …}` objects or file names that
    /// carry their width as `@800w` before the extension.
    mutating func renditions(_ key: String) -> [Rendition]? {
        guard let items = list(key) else { return nil }
        var renditions: [Rendition] = []
        for (index, item) in items.enumerated() {
            let itemPlace = Place.item(key, index)
            switch item.kind {
            case .string(let name):
                guard let width = Rendition.width(fromName: name) else {
                    reject(item, at: itemPlace, must: "must name its width like \"IMG_1@800w.jpg\"")
                    continue
                }
                guard let src = source(item, at: itemPlace) else { continue }
                renditions.append(Rendition(src: src, width: width))
            case .object:
                if let rendition = object(item, at: itemPlace, keys: Self.renditionKeys, { $0.rendition() }) ?? nil {
                    renditions.append(rendition)
                }
            default:
                reject(
                    item, at: itemPlace,
                    expected: "an object with 'src' and 'width' or a file name like \"IMG_1@800w.jpg\"")
            }
        }
        return renditions
    }

    /// This object as a rendition; nil when a value is invalid or `src` or `width` is missing.
    private mutating func rendition() -> Rendition? {
        let src = source("src")
        let width = positiveInteger("width", maximum: Sidecar.maximumDimension)
        // A null height is "not known", as if left out.
        let height = value("height")?.kind == .null ? nil : positiveInteger("height", maximum: Sidecar.maximumDimension)
        guard src != nil || value("src") == nil, width != nil || value("width") == nil else { return nil }
        guard let src else {
            reportMissing("src")
            return nil
        }
        guard let width else {
            reportMissing("width")
            return nil
        }
        return Rendition(src: src, width: width, height: height)
    }
}

extension JSONObjectReader {
    /// The value of `field`'s key, read as the field's kind says.
    mutating func value(of field: MetadataField) -> MetadataValue? {
        let key = field.name
        switch field.definition.kind {
        case .source: return source(key).map(MetadataValue.text)
        case .dimension: return positiveInteger(key, maximum: Sidecar.maximumDimension).map(MetadataValue.integer)
        case .orientation: return integer(key, in: 1...8).map(MetadataValue.integer)
        case .text, .languageText, .names: return string(key).map(MetadataValue.text)
        case .date: return date(key).map(MetadataValue.date)
        case .keywords: return stringList(key).map(MetadataValue.texts)
        case .number: return number(key).map(MetadataValue.number)
        case .flag: return bool(key).map(MetadataValue.flag)
        case .rating:
            // -1 marks a rejected photo, as in Lightroom and exiftool.
            return integer(key, in: -1...5, expected: "a rating from -1 (rejected) to 5").map(MetadataValue.integer)
        case .renditions: return renditions(key).map(MetadataValue.renditions)
        case .positiveNumber: return positiveNumber(key).map(MetadataValue.number)
        case .exposure: return exposure(key).map(MetadataValue.text)
        case .sensitivity: return positiveInteger(key).map(MetadataValue.integer)
        case .exposureCompensation:
            return read(key) { $0.exposureCompensation($1, at: $2) }.map(MetadataValue.number)
        case .webURL: return webURL(key).map(MetadataValue.text)
        }
    }
}
