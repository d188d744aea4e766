/// The tags of one exiftool JSON entry that Ashlar reads, by tag name without group prefix.
struct ExiftoolTags {
    static let names: Set<String> = [
        "ImageWidth", "ImageHeight", "ExifImageWidth", "ExifImageHeight", "Orientation", "Title",
        "ObjectName", "XPTitle", "Headline", "Description", "ImageDescription", "Caption-Abstract",
        "AltTextAccessibility", "Keywords", "Subject", "DateTimeOriginal", "CreateDate",
        "OffsetTimeOriginal", "OffsetTimeDigitized", "Make", "Model", "LensModel", "Lens",
        "FocalLength", "FNumber", "ExposureTime", "ISO", "Rating", "XPComment", "ExtDescrAccessibility", "Label",
        "Creator", "Artist", "By-line", "XPAuthor", "Rights", "Copyright", "CopyrightNotice", "WebStatement",
        "Location", "Sub-location", "City", "State", "Province-State", "Country", "Country-PrimaryLocationName",
    ]

    /// Tag name -> (name as written, value). With `-G` a tag may come from several groups; the
    /// first one wins, as in exiftool's own priority order.
    private var values: [String: (key: String, value: JSONValue)] = [:]

    init(_ entry: JSONObjectReader) {
        for key in entry.keys {
            let name =
                key.utf8.lastIndex(of: UInt8(ascii: ":")).map { String(key[key.utf8.index(after: $0)...]) } ?? key
            guard Self.names.contains(name), values[name] == nil, let value = entry.value(key) else { continue }
            values[name] = (key, value)
        }
    }

    func metadata(reporting fields: inout JSONObjectReader) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.width = dimension(["ImageWidth", "ExifImageWidth"], &fields)
        metadata.height = dimension(["ImageHeight", "ExifImageHeight"], &fields)
        if let (key, value) = values["Orientation"] {
            metadata.orientation = orientation(value, key: key, &fields)
        }
        metadata.title = text(["Title", "ObjectName", "XPTitle", "Headline"], &fields)
        metadata.caption = text(["Description", "ImageDescription", "Caption-Abstract", "XPComment"], &fields)
        metadata.alt = text(["AltTextAccessibility"], &fields)
        metadata.longDescription = text(["ExtDescrAccessibility"], &fields)
        metadata.label = text(["Label"], &fields)
        metadata.creator = keywords(["Creator", "Artist", "By-line", "XPAuthor"], &fields)?.joined(separator: ", ")
        metadata.rights = text(["Rights", "Copyright", "CopyrightNotice"], &fields)
        if let (key, value) = values["WebStatement"], let url = text(["WebStatement"], &fields) {
            if SourceReference.isWebURL(url) {
                metadata.license = url
            } else {
                fields.reject(value, at: .member(key), expected: "an http or https URL")
            }
        }
        metadata.location = text(["Location", "Sub-location"], &fields)
        metadata.city = text(["City"], &fields)
        metadata.region = text(["State", "Province-State"], &fields)
        metadata.country = text(["Country", "Country-PrimaryLocationName"], &fields)
        metadata.tags = keywords(["Keywords", "Subject"], &fields)
        metadata.date =
            date("DateTimeOriginal", offset: "OffsetTimeOriginal", &fields)
            ?? date("CreateDate", offset: "OffsetTimeDigitized", &fields)
        metadata.make = text(["Make"], &fields)
        metadata.model = text(["Model"], &fields)
        metadata.lens = text(["LensModel", "Lens"], &fields)
        metadata.focalLength = positiveNumber("FocalLength", &fields)
        metadata.aperture = positiveNumber("FNumber", &fields)
        if let (key, value) = values["ExposureTime"] {
            metadata.exposure = fields.exposure(value, at: .member(key))
        }
        if let (key, value) = values["ISO"] {
            let number = Self.number(value).flatMap { $0 >= 1 && $0 == $0.rounded() && $0 < 1e7 ? Int($0) : nil }
            if number == nil { fields.reject(value, at: .member(key), expected: "a positive whole number") }
            metadata.iso = number
        }
        if let (key, value) = values["Rating"] {
            metadata.rating = rating(value, key: key, &fields)
        }
        return metadata
    }

    /// A number, or a string that starts with one (`"23.0 mm"`, `"5.6"`, `"400"`).
    static func number(_ value: JSONValue) -> Double? {
        switch value.kind {
        case .number(let number): return number
        case .string(let text):
            let trimmed = text.trimmingSpaces
            let numeric = trimmed.prefix { $0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "+" }
            let rest = String(trimmed.dropFirst(numeric.count)).trimmingSpaces
            guard rest.isEmpty || rest == "mm", let number = Double(numeric), number.isFinite else { return nil }
            return number
        default: return nil
        }
    }

    private func dimension(_ names: [String], _ fields: inout JSONObjectReader) -> Int? {
        for name in names {
            guard let (key, value) = values[name] else { continue }
            guard let number = Self.number(value), number >= 1, number == number.rounded() else {
                fields.reject(value, at: .member(key), expected: "a positive whole number")
                continue
            }
            guard number <= Double(Sidecar.maximumDimension) else {
                fields.reject(value, at: .member(key), expected: "at most \(Sidecar.maximumDimension)")
                continue
            }
            return Int(number)
        }
        return nil
    }

    private func orientation(_ value: JSONValue, key: String, _ fields: inout JSONObjectReader) -> Int? {
        let orientation: Int?
        switch value.kind {
        case .number(let number):
            orientation = number >= 1 && number <= 8 && number == number.rounded() ? Int(number) : nil
        case .string(let text): orientation = ExifOrientation.value(exiftoolText: text)
        default: orientation = nil
        }
        if orientation == nil {
            fields.reject(value, at: .member(key), expected: "an orientation from 1 to 8 or exiftool's name for one")
        }
        return orientation
    }

    /// The first of `names` that holds non-blank text; numbers count as text.
    private func text(_ names: [String], _ fields: inout JSONObjectReader) -> String? {
        for name in names {
            guard let (key, value) = values[name] else { continue }
            let text: String
            switch value.kind {
            case .string(let string): text = string.trimmingSpaces
            case .number(let number): text = number.messageText
            default:
                fields.reject(value, at: .member(key), expected: "text")
                continue
            }
            if !text.isEmpty { return text }
        }
        return nil
    }

    private func keywords(_ names: [String], _ fields: inout JSONObjectReader) -> [String]? {
        for name in names {
            guard let (key, value) = values[name] else { continue }
            let items: [(JSONValue, JSONObjectReader.Place)]
            switch value.kind {
            case .array(let list): items = list.enumerated().map { ($1, .item(key, $0)) }
            default: items = [(value, .member(key))]
            }
            var keywords: [String] = []
            for (item, place) in items {
                let keyword: String
                switch item.kind {
                case .string(let text): keyword = text.trimmingSpaces
                case .number(let number): keyword = number.messageText
                default:
                    fields.reject(item, at: place, expected: "text")
                    continue
                }
                if !keyword.isEmpty, !keywords.contains(keyword) { keywords.append(keyword) }
            }
            if !keywords.isEmpty { return keywords }
        }
        return nil
    }

    private func date(_ name: String, offset offsetName: String, _ fields: inout JSONObjectReader) -> PhotoDate? {
        guard let (key, value) = values[name] else { return nil }
        guard let text = value.stringValue else {
            fields.reject(value, at: .member(key), expected: "a date like \"2024:06:01 18:30:00\"")
            return nil
        }
        if PhotoDate.isPlaceholder(text) { return nil }
        guard let date = PhotoDate(parsing: text.trimmingSpaces) else {
            fields.reject(value, at: .member(key), expected: "a date like \"2024:06:01 18:30:00\"")
            return nil
        }
        guard let (offsetKey, offsetValue) = values[offsetName] else { return date }
        guard let offsetText = offsetValue.stringValue, let minutes = PhotoDate.utcOffsetMinutes(parsing: offsetText)
        else {
            fields.reject(offsetValue, at: .member(offsetKey), expected: "a UTC offset like \"+02:00\"")
            return date
        }
        return date.withOffsetIfMissing(minutes)
    }

    private func positiveNumber(_ name: String, _ fields: inout JSONObjectReader) -> Double? {
        guard let (key, value) = values[name] else { return nil }
        guard let number = Self.number(value), number > 0 else {
            fields.reject(value, at: .member(key), expected: "a positive number")
            return nil
        }
        return number
    }

    private func rating(_ value: JSONValue, key: String, _ fields: inout JSONObjectReader) -> Int? {
        guard let number = Self.number(value), number == number.rounded(), number >= -1, number <= 5 else {
            fields.reject(value, at: .member(key), expected: "a rating from -1 (rejected) to 5")
            return nil
        }
        // -1 marks a rejected photo in Lightroom and exiftool.
        return Int(number)
    }
}
