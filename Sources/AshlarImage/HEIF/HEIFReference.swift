/// One reference of `iref`: `from` refers to `to`, in the sense its type gives.
package struct HEIFReference: Sendable, Equatable {
    /// The reference types the reader acts on; others are kept by their four characters.
    package enum Kind: Sendable, Equatable, Hashable {
        /// Derived image: a grid's tiles, in order (from the grid).
        case derivedImage
        /// Thumbnail: from the thumbnail to the image.
        case thumbnail
        /// Auxiliary image: from the auxiliary (alpha, depth, gain map) to the image.
        case auxiliary
        /// Content description: from the metadata item (Exif, XMP) to the image.
        case contentDescription
        case other(String)

        package init(_ type: String) {
            switch type {
            case "dimg": self = .derivedImage
            case "thmb": self = .thumbnail
            case "auxl": self = .auxiliary
            case "cdsc": self = .contentDescription
            default: self = .other(type)
            }
        }
    }

    package var kind: Kind
    package var from: UInt32
    package var to: [UInt32]

    package init(kind: Kind, from: UInt32, to: [UInt32]) {
        self.kind = kind
        self.from = from
        self.to = to
    }
}
