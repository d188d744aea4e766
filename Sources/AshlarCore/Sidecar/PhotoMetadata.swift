/// Everything Ashlar knows about one photo, gathered from its sidecars and its image header.
/// Every field is optional: a source that does not know a field leaves it `nil`, and
/// `merged(over:)` fills the gaps of a stronger source from a weaker one.
public struct PhotoMetadata: Sendable, Equatable {
    /// Where the image is: a path relative to the sidecar's folder, or an `http(s)` URL.
    public var src: String?
    /// Stored pixel size, before orientation is applied.
    public var width: Int?
    public var height: Int?
    /// EXIF orientation, 1 to 8.
    public var orientation: Int?
    public var title: String?
    public var alt: String?
    public var caption: String?
    public var date: PhotoDate?
    public var tags: [String]?
    public var order: Double?
    public var hidden: Bool?
    public var rating: Int?
    public var renditions: [Rendition]?
    public var make: String?
    public var model: String?
    public var lens: String?
    /// Millimetres.
    public var focalLength: Double?
    /// The f-number (`5.6` for f/5.6).
    public var aperture: Double?
    /// Exposure time as photographers write it: `1/250`, `2.5`.
    public var exposure: String?
    public var iso: Int?

    public init() {}

    /// This metadata with every missing field taken from `weaker`.
    public func merged(over weaker: PhotoMetadata) -> PhotoMetadata {
        var result = self
        result.src = src ?? weaker.src
        result.width = width ?? weaker.width
        result.height = height ?? weaker.height
        result.orientation = orientation ?? weaker.orientation
        result.title = title ?? weaker.title
        result.alt = alt ?? weaker.alt
        result.caption = caption ?? weaker.caption
        result.date = date ?? weaker.date
        result.tags = tags ?? weaker.tags
        result.order = order ?? weaker.order
        result.hidden = hidden ?? weaker.hidden
        result.rating = rating ?? weaker.rating
        result.renditions = renditions ?? weaker.renditions
        result.make = make ?? weaker.make
        result.model = model ?? weaker.model
        result.lens = lens ?? weaker.lens
        result.focalLength = focalLength ?? weaker.focalLength
        result.aperture = aperture ?? weaker.aperture
        result.exposure = exposure ?? weaker.exposure
        result.iso = iso ?? weaker.iso
        return result
    }

    /// The size the browser shows: width and height swapped for orientations 5 to 8.
    public var displaySize: (width: Int, height: Int)? {
        guard let width, let height else { return nil }
        if let orientation, (5...8).contains(orientation) { return (height, width) }
        return (width, height)
    }
}

/// A smaller copy of an image, for `srcset`.
public struct Rendition: Sendable, Equatable {
    /// Path relative to the sidecar's folder, or an `http(s)` URL.
    public var src: String
    public var width: Int
    public var height: Int?

    public init(src: String, width: Int, height: Int? = nil) {
        self.src = src
        self.width = width
        self.height = height
    }
}
