/// Everything Ashlar knows about one photo, gathered from its sidecars and its image file: a
/// value per `MetadataField`, typed by the field's kind (`PhotoMetadata+Fields.swift` names each).
/// Every field is optional: a source that does not know a field leaves it `nil`, and
/// `merged(over:)` fills the gaps of a stronger source from a weaker one.
package struct PhotoMetadata: Sendable, Equatable {
    /// By `MetadataField.rawValue`.
    private var values: [MetadataValue?]

    private static let empty = [MetadataValue?](repeating: nil, count: MetadataField.allCases.count)

    package init() {
        values = Self.empty
    }

    package subscript(field: MetadataField) -> MetadataValue? {
        get { values[field.rawValue] }
        set { values[field.rawValue] = newValue }
    }

    /// This metadata with every missing field taken from `weaker`.
    package func merged(over weaker: PhotoMetadata) -> PhotoMetadata {
        var result = self
        for index in values.indices where values[index] == nil && weaker.values[index] != nil {
            result.values[index] = weaker.values[index]
        }
        return result
    }

    /// Whether no field has a value.
    package var isEmpty: Bool { values.allSatisfy { $0 == nil } }

    /// The size the browser shows: width and height swapped for orientations 5 to 8.
    package var displaySize: (width: Int, height: Int)? {
        guard let width, let height else { return nil }
        if let orientation, (5...8).contains(orientation) { return (height, width) }
        return (width, height)
    }
}

/// A smaller copy of an image, for `srcset`.
package struct Rendition: Sendable, Equatable {
    /// Path relative to the sidecar's folder, or an `http(s)` URL.
    package var src: String
    package var width: Int
    package var height: Int?

    package init(src: String, width: Int, height: Int? = nil) {
        self.src = src
        self.width = width
        self.height = height
    }
}
