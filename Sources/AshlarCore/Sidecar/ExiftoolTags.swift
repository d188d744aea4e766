import AshlarImage

/// The tags of one exiftool JSON entry that Ashlar reads, by tag name without group prefix.
struct ExiftoolTags {
    /// Every tag the field table names, with the tags holding dates' UTC offsets.
    static let names = Set(
        MetadataField.allCases.flatMap { field in
            field.definition.exiftool.flatMap { key in [key.tag] + (key.offset.map { [$0] } ?? []) }
        })

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
        for field in MetadataField.allCases where !field.definition.exiftool.isEmpty {
            metadata[field] = value(of: field, &fields)
        }
        return metadata
    }

    /// The value of the first of `field`'s tags that is present and usable; a present tag whose
    /// value is unusable is reported and the next one tried.
    private func value(of field: MetadataField, _ fields: inout JSONObjectReader) -> MetadataValue? {
        let keys = field.definition.exiftool
        switch field.definition.kind {
        case .text, .languageText: return text(keys.map(\.tag), &fields).map(MetadataValue.text)
        case .names: return keywords(keys.map(\.tag), &fields).map { .text($0.joined(separator: ", ")) }
        case .keywords: return keywords(keys.map(\.tag), &fields).map(MetadataValue.texts)
        case .dimension: return dimension(keys.map(\.tag), &fields).map(MetadataValue.integer)
        default: break
        }
        for key in keys {
            guard let (name, value) = values[key.tag] else { continue }
            if let parsed = parse(value, key: name, as: field.definition.kind, offset: key.offset, &fields) {
                return parsed
            }
        }
        return nil
    }

    /// One tag's value read as `kind`; nil (reported) when unusable, nil (silently) for a date
    /// placeholder.
    private func parse(
        _ value: JSONValue, key: String, as kind: MetadataKind, offset: String?, _ fields: inout JSONObjectReader
    ) -> MetadataValue? {
        switch kind {
        case .orientation: return orientation(value, key: key, &fields).map(MetadataValue.integer)
        case .rating: return rating(value, key: key, &fields).map(MetadataValue.integer)
        case .positiveNumber: return positiveNumber(value, key: key, &fields).map(MetadataValue.number)
        case .exposure: return fields.exposure(value, at: .member(key)).map(MetadataValue.text)
        case .date: return date(value, key: key, offset: offset, &fields).map(MetadataValue.date)
        case .exposureCompensation:
            return fields.exposureCompensation(value, at: .member(key)).map(MetadataValue.number)
        case .sensitivity:
            let number = Self.number(value).flatMap { $0 >= 1 && $0 == $0.rounded() && $0 < 1e7 ? Int($0) : nil }
            if number == nil { fields.reject(value, at: .member(key), expected: "a positive whole number") }
            return number.map(MetadataValue.integer)
        case .webURL:
            guard let url = text(value, key: key, &fields) else { return nil }
            guard SourceReference.isWebURL(url) else {
                fields.reject(value, at: .member(key), expected: "an http or https URL")
                return nil
            }
            return .text(url)
        case .text, .languageText, .names, .keywords, .dimension, .number, .flag, .source, .renditions:
            return nil
        }
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
            if let text = text(value, key: key, &fields) { return text }
        }
        return nil
    }

    /// A tag's non-blank text; numbers count as text.
    private func text(_ value: JSONValue, key: String, _ fields: inout JSONObjectReader) -> String? {
        let text: String
        switch value.kind {
        case .string(let string): text = string.trimmingSpaces
        case .number(let number): text = number.messageText
        default:
            fields.reject(value, at: .member(key), expected: "text")
            return nil
        }
        return text.isEmpty ? nil : text
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

    private func date(_ value: JSONValue, key: String, offset offsetName: String?, _ fields: inout JSONObjectReader)
        -> PhotoDate?
    {
        guard let text = value.stringValue else {
            fields.reject(value, at: .member(key), expected: "a date like \"2024:06:01 18:30:00\"")
            return nil
        }
        if PhotoDate.isPlaceholder(text) { return nil }
        guard let date = PhotoDate(parsing: text.trimmingSpaces) else {
            fields.reject(value, at: .member(key), expected: "a date like \"2024:06:01 18:30:00\"")
            return nil
        }
        guard let offsetName, let (offsetKey, offsetValue) = values[offsetName] else { return date }
        guard let offsetText = offsetValue.stringValue, let minutes = PhotoDate.utcOffsetMinutes(parsing: offsetText)
        else {
            fields.reject(offsetValue, at: .member(offsetKey), expected: "a UTC offset like \"+02:00\"")
            return date
        }
        return date.withOffsetIfMissing(minutes)
    }

    private func positiveNumber(_ value: JSONValue, key: String, _ fields: inout JSONObjectReader) -> Double? {
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
