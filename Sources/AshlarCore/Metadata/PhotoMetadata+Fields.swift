/// Each field's value by its name and type, for the code that reads one field (pages, the
/// catalog). A field is stored once, in `PhotoMetadata`'s value per `MetadataField`.
extension PhotoMetadata {
    /// Where the image is: a path relative to the sidecar's folder, or an `http(s)` URL.
    package var src: String? {
        get { self[.src]?.text }
        set { self[.src] = newValue.map(MetadataValue.text) }
    }
    /// For a video: the file name of the image beside it that stands for it until it plays.
    package var poster: String? {
        get { self[.poster]?.text }
        set { self[.poster] = newValue.map(MetadataValue.text) }
    }
    /// Stored pixel width, before orientation is applied.
    package var width: Int? {
        get { self[.width]?.integer }
        set { self[.width] = newValue.map(MetadataValue.integer) }
    }
    /// Stored pixel height, before orientation is applied.
    package var height: Int? {
        get { self[.height]?.integer }
        set { self[.height] = newValue.map(MetadataValue.integer) }
    }
    /// EXIF orientation, 1 to 8.
    package var orientation: Int? {
        get { self[.orientation]?.integer }
        set { self[.orientation] = newValue.map(MetadataValue.integer) }
    }
    package var title: String? {
        get { self[.title]?.text }
        set { self[.title] = newValue.map(MetadataValue.text) }
    }
    package var alt: String? {
        get { self[.alt]?.text }
        set { self[.alt] = newValue.map(MetadataValue.text) }
    }
    package var caption: String? {
        get { self[.caption]?.text }
        set { self[.caption] = newValue.map(MetadataValue.text) }
    }
    /// An extended description for screen readers (IPTC `ExtDescrAccessibility`): what a long
    /// `alt` would say, for photos a sentence cannot describe (charts, maps, busy scenes).
    package var longDescription: String? {
        get { self[.longDescription]?.text }
        set { self[.longDescription] = newValue.map(MetadataValue.text) }
    }
    package var date: PhotoDate? {
        get { self[.date]?.date }
        set { self[.date] = newValue.map(MetadataValue.date) }
    }
    package var tags: [String]? {
        get { self[.tags]?.texts }
        set { self[.tags] = newValue.map(MetadataValue.texts) }
    }
    package var order: Double? {
        get { self[.order]?.number }
        set { self[.order] = newValue.map(MetadataValue.number) }
    }
    package var hidden: Bool? {
        get { self[.hidden]?.flag }
        set { self[.hidden] = newValue.map(MetadataValue.flag) }
    }
    /// 0 to 5 stars; -1 marks a photo rejected in Lightroom, exiftool or Bridge.
    package var rating: Int? {
        get { self[.rating]?.integer }
        set { self[.rating] = newValue.map(MetadataValue.integer) }
    }
    /// The colour label (`xmp:Label`), as written: "Red", "Select".
    package var label: String? {
        get { self[.label]?.text }
        set { self[.label] = newValue.map(MetadataValue.text) }
    }
    /// Who made the photo (`dc:creator`, IPTC by-line, EXIF `Artist`).
    package var creator: String? {
        get { self[.creator]?.text }
        set { self[.creator] = newValue.map(MetadataValue.text) }
    }
    /// The copyright notice (`dc:rights`, IPTC copyright notice, EXIF `Copyright`).
    package var rights: String? {
        get { self[.rights]?.text }
        set { self[.rights] = newValue.map(MetadataValue.text) }
    }
    /// A URL for the licence or usage terms (`xmpRights:WebStatement`).
    package var license: String? {
        get { self[.license]?.text }
        set { self[.license] = newValue.map(MetadataValue.text) }
    }
    /// Where the photo was taken, by name only (never coordinates): the sublocation, city,
    /// state or province, and country. Shown only when the site opts in with `showPlace`.
    package var location: String? {
        get { self[.location]?.text }
        set { self[.location] = newValue.map(MetadataValue.text) }
    }
    package var city: String? {
        get { self[.city]?.text }
        set { self[.city] = newValue.map(MetadataValue.text) }
    }
    package var region: String? {
        get { self[.region]?.text }
        set { self[.region] = newValue.map(MetadataValue.text) }
    }
    package var country: String? {
        get { self[.country]?.text }
        set { self[.country] = newValue.map(MetadataValue.text) }
    }
    package var renditions: [Rendition]? {
        get { self[.renditions]?.renditions }
        set { self[.renditions] = newValue.map(MetadataValue.renditions) }
    }
    package var make: String? {
        get { self[.make]?.text }
        set { self[.make] = newValue.map(MetadataValue.text) }
    }
    package var model: String? {
        get { self[.model]?.text }
        set { self[.model] = newValue.map(MetadataValue.text) }
    }
    package var lens: String? {
        get { self[.lens]?.text }
        set { self[.lens] = newValue.map(MetadataValue.text) }
    }
    /// Millimetres.
    package var focalLength: Double? {
        get { self[.focalLength]?.number }
        set { self[.focalLength] = newValue.map(MetadataValue.number) }
    }
    /// The focal length a 35 mm camera would need for the same view (`FocalLengthIn35mmFilm`):
    /// what phones and compacts are compared by.
    package var focalLength35mm: Double? {
        get { self[.focalLength35mm]?.number }
        set { self[.focalLength35mm] = newValue.map(MetadataValue.number) }
    }
    /// The f-number (`5.6` for f/5.6).
    package var aperture: Double? {
        get { self[.aperture]?.number }
        set { self[.aperture] = newValue.map(MetadataValue.number) }
    }
    /// Exposure time as photographers write it: `1/250`, `2.5`.
    package var exposure: String? {
        get { self[.exposure]?.text }
        set { self[.exposure] = newValue.map(MetadataValue.text) }
    }
    /// Exposure compensation in EV (`-0.333…` for −1/3).
    package var exposureCompensation: Double? {
        get { self[.exposureCompensation]?.number }
        set { self[.exposureCompensation] = newValue.map(MetadataValue.number) }
    }
    package var iso: Int? {
        get { self[.iso]?.integer }
        set { self[.iso] = newValue.map(MetadataValue.integer) }
    }
}
