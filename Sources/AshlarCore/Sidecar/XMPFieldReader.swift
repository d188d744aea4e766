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

    mutating func metadata() -> PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.width = first([.imageWidth, .pixelXDimension], Self.dimension)
        metadata.height = first([.imageLength, .pixelYDimension], Self.dimension)
        metadata.orientation = first([.orientation]) { text, key in
            Self.integer(text, key, in: 1...8, expected: "a whole number from 1 to 8")
        }
        metadata.title = languageText(.title)
        metadata.caption = languageText(.description)
        metadata.alt = languageText(.altText)
        metadata.longDescription = languageText(.extendedDescription)
        metadata.tags = subjects()
        // -1 marks a rejected photo (Lightroom, Bridge).
        metadata.rating = first([.rating]) { text, key in
            Self.integer(text, key, in: -1...5, expected: "a rating from -1 (rejected) to 5")
        }
        metadata.label = first([.label]) { text, _ in .value(text) }
        metadata.creator = list(.creator)
        metadata.rights = languageText(.rights)
        metadata.license = first([.webStatement]) { text, key in
            Self.require(SourceReference.isWebURL(text) ? text : nil, text, key, expected: "an http or https URL")
        }
        metadata.location = first([.location]) { text, _ in .value(text) }
        metadata.city = first([.city]) { text, _ in .value(text) }
        metadata.region = first([.state]) { text, _ in .value(text) }
        metadata.country = first([.country]) { text, _ in .value(text) }
        metadata.date = first([.dateTimeOriginal, .dateCreated, .createDate]) {
            text, key in
            if PhotoDate.isPlaceholder(text) { return .absent }
            return Self.require(PhotoDate(parsing: text), text, key, expected: "a date like \"2024-06-01T18:30:00\"")
        }
        metadata.make = first([.make]) { text, _ in .value(text) }
        metadata.model = first([.model]) { text, _ in .value(text) }
        metadata.lens = first([.lens, .lensModel]) { text, _ in .value(text) }
        metadata.focalLength = first([.focalLength]) { text, key in
            Self.require(
                Rational.value(of: text).flatMap { $0 > 0 ? $0 : nil }, text, key, expected: "a positive number")
        }
        metadata.aperture = first([.fNumber]) { text, key in
            Self.require(
                Rational.value(of: text).flatMap { $0 > 0 ? $0 : nil }, text, key, expected: "a positive number")
        }
        metadata.exposure = first([.exposureTime]) { text, key in
            Self.require(ExposureTime.normalized(text), text, key, expected: "an exposure time like \"1/250\"")
        }
        metadata.iso = first([.isoSpeedRatings, .photographicSensitivity]) { text, key in
            Self.integer(text, key, in: 1...10_000_000, expected: "a positive whole number")
        }
        return metadata
    }

    /// A property's name as messages write it (`xmp:Rating`), whatever prefix the file uses.
    struct PropertyKey: CustomStringConvertible {
        var property: XMPProperty
        var description: String { property.messageName }
    }

    /// What a property parser made of a value: the value, nothing to use, or why it is invalid.
    enum Parsed<Value> {
        case value(Value)
        case absent
        case invalid(String)
    }

    /// The value of the first property of `names` that is present and usable, read by `parse`
    /// from its text (or its first list item) and the property's name for messages.
    private mutating func first<T>(_ names: [XMPProperty], _ parse: (String, PropertyKey) -> Parsed<T>) -> T? {
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
    private func languageText(_ name: XMPProperty) -> String? {
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
    private func items(_ name: XMPProperty) -> [String] {
        guard let property = packet[name] else { return [] }
        let texts: [String]
        switch property.value {
        case .text(let text): texts = [text]
        case .list(let items): texts = items.map(\.text)
        }
        return texts.map(\.trimmingSpaces).filter { !$0.isEmpty }
    }

    /// Several creators, joined: "Ada Lovelace, Charles Babbage".
    private func list(_ name: XMPProperty) -> String? {
        let names = items(name)
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// `dc:subject`, then the leaf of each Lightroom hierarchical keyword (`Places|Europe|Paris`
    /// → `Paris`), without repeats.
    private func subjects() -> [String]? {
        var tags: [String] = []
        let leaves = items(.hierarchicalSubject).compactMap {
            $0.split(separator: "|").last.map { String($0).trimmingSpaces }
        }
        for tag in items(.subject) + leaves where !tag.isEmpty && !tags.contains(tag) {
            tags.append(tag)
        }
        return tags.isEmpty ? nil : tags
    }
}
