/// Ashlar's own sidecar: a JSON object beside the photo (`IMG_2041.jpg.json`) that states what the
/// photographer wants shown. Every key is optional and `null` counts as absent.
///
/// Invalid values are errors that name the key and point at the value; the field is left `nil`
/// and reading goes on. Unknown keys are warnings with a "did you mean".
public enum AshlarSidecar {
    /// Every key a sidecar may have, in the order the documentation lists them.
    public static let keys = Field.allCases.map(\.rawValue)

    /// The sidecar's keys.
    enum Field: String, CaseIterable {
        case src, width, height, orientation, title, alt, caption, date, tags, order, hidden, rating, renditions
        case make, model, lens, focalLength, aperture, exposure, iso
    }

    /// One hash per key instead of comparing it with every name in turn; the number is the
    /// field's bit in a set of seen fields.
    private static let fieldsByKey = Dictionary(
        uniqueKeysWithValues: Field.allCases.enumerated().map { ($1.rawValue, ($1, UInt32(1) << $0)) })

    /// Reads a sidecar's bytes; `path` is used only in diagnostics.
    public static func read(_ bytes: [UInt8], path: String) -> SidecarReading {
        Sidecar.parseJSON(bytes, path: path) { read($0, path: path) }
    }

    /// Reads an already parsed sidecar.
    public static func read(_ document: JSONDocument, path: String) -> SidecarReading {
        var fields = JSONFieldReader(document: document, path: path, severity: .error)
        guard let members = document.root.members else {
            fields.report(
                "a sidecar must be a JSON object, found \(document.root.typeDescription)",
                at: document.root.offset, key: nil)
            return SidecarReading(diagnostics: fields.diagnostics)
        }
        var metadata = PhotoMetadata()
        var seen: UInt32 = 0
        for member in members {
            let key = member.key
            guard let (field, bit) = fieldsByKey[key] else {
                var message = "'\(key)' is not a sidecar key"
                if let suggestion = Suggestion.closest(to: key, among: keys) {
                    message += "; did you mean '\(suggestion)'?"
                }
                fields.report(message, at: member.keyOffset, key: key, severity: .warning)
                continue
            }
            if seen & bit != 0 {
                fields.report(
                    "'\(key)' is given more than once; the last one is used", at: member.keyOffset, key: key,
                    severity: .warning)
            }
            seen |= bit
            let value = member.value
            if case .null = value.kind {
                metadata.clear(field)
                continue
            }
            switch field {
            case .src: metadata.src = fields.source(value, key: key)
            case .width: metadata.width = fields.positiveInteger(value, key: key, maximum: Sidecar.maximumDimension)
            case .height: metadata.height = fields.positiveInteger(value, key: key, maximum: Sidecar.maximumDimension)
            case .orientation: metadata.orientation = fields.integer(value, key: key, in: 1...8)
            case .title: metadata.title = fields.string(value, key: key)
            case .alt: metadata.alt = fields.string(value, key: key)
            case .caption: metadata.caption = fields.string(value, key: key)
            case .date: metadata.date = fields.date(value, key: key)
            case .tags: metadata.tags = fields.tags(value, key: key)
            case .order:
                metadata.order = value.numberValue
                if metadata.order == nil { fields.reject(value, key: key, expected: "a number") }
            case .hidden:
                metadata.hidden = value.boolValue
                if metadata.hidden == nil { fields.reject(value, key: key, expected: "true or false") }
            case .rating: metadata.rating = fields.integer(value, key: key, in: 0...5)
            case .renditions: metadata.renditions = fields.renditions(value, key: key)
            case .make: metadata.make = fields.string(value, key: key)
            case .model: metadata.model = fields.string(value, key: key)
            case .lens: metadata.lens = fields.string(value, key: key)
            case .focalLength: metadata.focalLength = fields.positiveNumber(value, key: key)
            case .aperture: metadata.aperture = fields.positiveNumber(value, key: key)
            case .exposure: metadata.exposure = fields.exposure(value, key: key)
            case .iso: metadata.iso = fields.positiveInteger(value, key: key)
            }
        }
        return SidecarReading(metadata: metadata, diagnostics: fields.diagnostics)
    }
}

extension PhotoMetadata {
    /// Forgets the field a sidecar key sets, so a later `null` undoes an earlier value.
    fileprivate mutating func clear(_ field: AshlarSidecar.Field) {
        switch field {
        case .src: src = nil
        case .width: width = nil
        case .height: height = nil
        case .orientation: orientation = nil
        case .title: title = nil
        case .alt: alt = nil
        case .caption: caption = nil
        case .date: date = nil
        case .tags: tags = nil
        case .order: order = nil
        case .hidden: hidden = nil
        case .rating: rating = nil
        case .renditions: renditions = nil
        case .make: make = nil
        case .model: model = nil
        case .lens: lens = nil
        case .focalLength: focalLength = nil
        case .aperture: aperture = nil
        case .exposure: exposure = nil
        case .iso: iso = nil
        }
    }
}
