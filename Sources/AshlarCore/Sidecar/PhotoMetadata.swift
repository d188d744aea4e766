/// Everything Ashlar knows about one photo, gathered from its sidecars and its image header.
/// Every field is optional: a source that does not know a field leaves it `nil`, and
/// `merged(over:)` fills the gaps of a stronger source from a weaker one.
package struct PhotoMetadata: Sendable, Equatable {
    /// Where the image is: a path relative to the sidecar's folder, or an `http(s)` URL.
    package var src: String?
    /// For a video: the file name of the image beside it that stands for it until it plays.
    package var poster: String?
    /// Stored pixel size, before orientation is applied.
    package var width: Int?
    package var height: Int?
    /// EXIF orientation, 1 to 8.
    package var orientation: Int?
    package var title: String?
    package var alt: String?
    package var caption: String?
    /// An extended description for screen readers (IPTC `ExtDescrAccessibility`): what a long
    /// `alt` would say, for photos a sentence cannot describe (charts, maps, busy scenes).
    package var longDescription: String?
    package var date: PhotoDate?
    package var tags: [String]?
    package var order: Double?
    package var hidden: Bool?
    /// 0 to 5 stars; -1 marks a photo rejected in Lightroom, exiftool or Bridge.
    package var rating: Int?
    /// The colour label (`xmp:Label`), as written: "Red", "Select".
    package var label: String?
    /// Who made the photo (`dc:creator`, IPTC by-line, EXIF `Artist`).
    package var creator: String?
    /// The copyright notice (`dc:rights`, IPTC copyright notice, EXIF `Copyright`).
    package var rights: String?
    /// A URL for the licence or usage terms (`xmpRights:WebStatement`).
    package var license: String?
    /// Where the photo was taken, by name only (never coordinates): the sublocation, city,
    /// state or province, and country. Shown only when the site opts in with `showPlace`.
    package var location: String?
    package var city: String?
    package var region: String?
    package var country: String?
    package var renditions: [Rendition]?
    package var make: String?
    package var model: String?
    package var lens: String?
    /// Millimetres.
    package var focalLength: Double?
    /// The f-number (`5.6` for f/5.6).
    package var aperture: Double?
    /// Exposure time as photographers write it: `1/250`, `2.5`.
    package var exposure: String?
    package var iso: Int?

    package init() {}

    /// This metadata with every missing field taken from `weaker`.
    package func merged(over weaker: PhotoMetadata) -> PhotoMetadata {
        var result = self
        result.src = src ?? weaker.src
        result.poster = poster ?? weaker.poster
        result.width = width ?? weaker.width
        result.height = height ?? weaker.height
        result.orientation = orientation ?? weaker.orientation
        result.title = title ?? weaker.title
        result.alt = alt ?? weaker.alt
        result.caption = caption ?? weaker.caption
        result.longDescription = longDescription ?? weaker.longDescription
        result.date = date ?? weaker.date
        result.tags = tags ?? weaker.tags
        result.order = order ?? weaker.order
        result.hidden = hidden ?? weaker.hidden
        result.rating = rating ?? weaker.rating
        result.label = label ?? weaker.label
        result.creator = creator ?? weaker.creator
        result.rights = rights ?? weaker.rights
        result.license = license ?? weaker.license
        result.location = location ?? weaker.location
        result.city = city ?? weaker.city
        result.region = region ?? weaker.region
        result.country = country ?? weaker.country
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
