import AshlarImage

/// Turns an `XMPPacket`'s properties into `PhotoMetadata`, with a warning for each property
/// Ashlar reads whose value it cannot use.
struct XMPFieldReader {
    let packet: XMPPacket
    let source: [UInt8]
    let path: String
    let language: String?
    private(set) var diagnostics: [Diagnostic] = []

    init(packet: XMPPacket, source: [UInt8], path: String, language: String?) {
        self.packet = packet
        self.source = source
        self.path = path
        self.language = language
    }

    /// The properties the field table names, which the packet reader keeps.
    static let properties = XMPPropertySet(MetadataField.allCases.flatMap { $0.definition.xmp.map(\.name) })

    mutating func metadata() -> PhotoMetadata {
        var metadata = PhotoMetadata()
        for field in MetadataField.allCases where !field.definition.xmp.isEmpty {
            metadata[field] = value(of: field)
        }
        return metadata
    }

    /// `field`'s value from the first of its properties that is present and usable.
    private mutating func value(of field: MetadataField) -> MetadataValue? {
        let keys = field.definition.xmp
        let names = keys.map(\.name)
        switch field.definition.kind {
        case .text: return first(names) { text, _ in .value(text) }.map(MetadataValue.text)
        case .languageText: return names.lazy.compactMap(languageText).first.map(MetadataValue.text)
        case .names: return names.lazy.compactMap(list).first.map(MetadataValue.text)
        case .keywords: return subjects(keys).map(MetadataValue.texts)
        case .dimension: return first(names, Self.dimension).map(MetadataValue.integer)
        case .orientation:
            return first(names) { text, key in
                Self.integer(text, key, in: 1...8, expected: "a whole number from 1 to 8")
            }.map(MetadataValue.integer)
        case .rating:
            // -1 marks a rejected photo (Lightroom, Bridge).
            return first(names) { text, key in
                Self.integer(text, key, in: -1...5, expected: "a rating from -1 (rejected) to 5")
            }.map(MetadataValue.integer)
        case .webURL:
            return first(names) { text, key in
                Self.require(SourceReference.isWebURL(text) ? text : nil, text, key, expected: "an http or https URL")
            }.map(MetadataValue.text)
        case .date:
            return first(names) { text, key in
                if PhotoDate.isPlaceholder(text) { return .absent }
                return Self.require(
                    PhotoDate(parsing: text), text, key, expected: "a date like \"2024-06-01T18:30:00\"")
            }.map(MetadataValue.date)
        case .positiveNumber:
            return first(names) { text, key in
                Self.require(
                    Rational.value(of: text).flatMap { $0 > 0 ? $0 : nil }, text, key, expected: "a positive number")
            }.map(MetadataValue.number)
        case .exposure:
            return first(names) { text, key in
                Self.require(ExposureTime.normalized(text), text, key, expected: "an exposure time like \"1/250\"")
            }.map(MetadataValue.text)
        case .sensitivity:
            return first(names) { text, key in
                Self.integer(text, key, in: 1...10_000_000, expected: "a positive whole number")
            }.map(MetadataValue.integer)
        case .exposureCompensation:
            return first(names) { text, key in
                Self.require(
                    Rational.value(of: text).flatMap { ExifFields.exposureCompensations.contains($0) ? $0 : nil }, text,
                    key, expected: "an exposure compensation in EV like \"-1/3\"")
            }.map(MetadataValue.number)
        case .number, .flag, .source, .renditions:
            return nil
        }
    }

    /// A property's name as messages write it (`xmp:Rating`), whatever prefix the file uses.
    struct PropertyKey: CustomStringConvertible {
        var property: XMPName
        var description: String { property.description }
    }

    /// What a property parser made of a value: the value, nothing to use, or why it is invalid.
    enum Parsed<Value> {
        case value(Value)
        case absent
        case invalid(String)
    }

    /// The value of the first property of `names` that is present and usable, read by `parse`
    /// from its text (or its first list item) and the property's name for messages.
    private mutating func first<T>(_ names: [XMPName], _ parse: (String, PropertyKey) -> Parsed<T>) -> T? {
        for name in names {
            guard let property = packet[name] else { continue }
            let text: String
            switch property.value {
            case .text(let value): text = value.trimmingSpaces
            case .list(let items): text = items.first?.text.trimmingSpaces ?? ""
            }
            if text.isEmpty { continue }
            // Named for messages only when one is written: most values are fine.
            let key = PropertyKey(property: name)
            switch parse(text, key) {
            case .value(let value): return value
            case .absent: continue
            case .invalid(let message):
                let location = XMPSourceMap(source).location(of: property.location)
                diagnostics.append(
                    Diagnostic(.warning, path: path, at: location, key: key.description, message: message))
            }
        }
        return nil
    }

    private static func require<T>(_ value: T?, _ text: String, _ key: PropertyKey, expected: String) -> Parsed<T> {
        guard let value else { return .invalid("'\(key)' must be \(expected), found \(text.quotedForMessage)") }
        return .value(value)
    }

    private static func integer(_ text: String, _ key: PropertyKey, in range: ClosedRange<Int>, expected: String)
        -> Parsed<
            Int
        >
    {
        let number = Double(text).flatMap {
            $0 == $0.rounded() && $0 >= Double(range.lowerBound) && $0 <= Double(range.upperBound) ? Int($0) : nil
        }
        return require(number, text, key, expected: expected)
    }

    private static func dimension(_ text: String, _ key: PropertyKey) -> Parsed<Int> {
        guard let number = Double(text), number == number.rounded(), number >= 1 else {
            return .invalid("'\(key)' must be a positive whole number, found \(text.quotedForMessage)")
        }
        guard number <= Double(Sidecar.maximumDimension) else {
            return .invalid("'\(key)' must be at most \(Sidecar.maximumDimension), found \(number.messageText)")
        }
        return .value(Int(number))
    }

    /// A language alternative: see `XMPSidecar.read(_:path:language:)` for the choice.
    private func languageText(_ name: XMPName) -> String? {
        guard let property = packet[name] else { return nil }
        switch property.value {
        case .text(let text):
            let trimmed = text.trimmingSpaces
            return trimmed.isEmpty ? nil : trimmed
        case .list(let items):
            // One item is the answer whatever its language (the usual `x-default` alone).
            if items.count == 1 {
                let trimmed = items[0].text.trimmingSpaces
                return trimmed.isEmpty ? nil : trimmed
            }
            let candidates = items.map {
                XMPPacket.Item(text: $0.text.trimmingSpaces, language: $0.language?.lowercased())
            }
            .filter { !$0.text.isEmpty }
            // `x-default`, else the site's language (`en` matches `en-GB`), else the first.
            if let fallback = candidates.first(where: { $0.language == "x-default" }) { return fallback.text }
            if let language = language?.lowercased() {
                if let exact = candidates.first(where: { $0.language == language }) { return exact.text }
                let primary = language.split(separator: "-").first.map(String.init) ?? language
                if let sameLanguage = candidates.first(where: {
                    ($0.language?.split(separator: "-").first.map(String.init)) == primary
                }) {
                    return sameLanguage.text
                }
            }
            return candidates.first?.text
        }
    }

    /// The items of a list property (or its one text), trimmed, without empty ones.
    private func items(_ name: XMPName) -> [String] {
        guard let property = packet[name] else { return [] }
        let texts: [String]
        switch property.value {
        case .text(let text): texts = [text]
        case .list(let items): texts = items.map(\.text)
        }
        return texts.map(\.trimmingSpaces).filter { !$0.isEmpty }
    }

    /// Several creators, joined: "Ada Lovelace, Charles Babbage".
    private func list(_ name: XMPName) -> String? {
        let names = items(name)
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// The items of the keys' lists in order (`dc:subject`), a hierarchical list's by their
    /// leaves (Lightroom's `Places|Europe|Paris` → `Paris`), without repeats.
    private func subjects(_ keys: [XMPKey]) -> [String]? {
        var tags: [String] = []
        for key in keys {
            let found: [String]
            switch key {
            case .property(let name): found = items(name)
            case .leaves(let name):
                found = items(name).compactMap { $0.split(separator: "|").last.map { String($0).trimmingSpaces } }
            }
            for tag in found where !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
        }
        return tags.isEmpty ? nil : tags
    }
}
