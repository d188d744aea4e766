import AshlarImage

/// A photo's metadata fields: the closed set every reader, the precedence, the text limits and
/// the album signature are derived from. Each field's entry in the table
/// (`MetadataField+Table.swift`) says its name, its keys in each reader, how its sources combine,
/// how long its text may be and whether it shapes the pages. The cases are in the order the
/// documentation lists sidecar keys; `PhotoMetadata` stores a value per case.
package enum MetadataField: Int, CaseIterable, Sendable, CustomStringConvertible {
    case src, width, height, orientation, title, alt, caption, date, tags, order, hidden, rating, renditions
    case make, model, lens, focalLength, focalLength35mm, aperture, exposure, exposureCompensation, iso
    case longDescription, label, creator, rights, license, location, city, region, country, poster

    /// What a field's entry says.
    struct Definition: Sendable {
        /// The key in Ashlar's JSON sidecars, and the field's name in messages.
        var name: String
        var kind: MetadataKind
        /// exiftool JSON tags, strongest first (without group prefix).
        var exiftool: [ExiftoolKey] = []
        /// XMP properties (embedded packets and `.xmp` sidecars), strongest first.
        var xmp: [XMPKey] = []
        /// IPTC-IIM application record datasets (2:xx).
        var iim: [UInt8] = []
        /// EXIF tags, strongest first.
        var exif: [ExifKey] = []
        var merge = MergeRule.strongestSource
        var limit: TextLimit?
        /// Whether a page shows it (or lays out by it): a change must render the album again.
        var shapesPage = true
    }

    /// How a field's values from several sources combine.
    enum MergeRule: Sendable {
        /// The strongest source that has it wins (`MetadataPrecedence`: Ashlar JSON, XMP, exiftool
        /// JSON, then the image's embedded XMP, IPTC-IIM, EXIF).
        case strongestSource
        /// The image file itself says it (its header), over any sidecar; embedded XMP's value is
        /// ignored. A sidecar's value is used only without an image (a `src` URL).
        case imageFile
    }

    /// How long a field's text may be (`PhotoTextLimits`).
    enum TextLimit: Sendable {
        /// A line: cut at `PhotoTextLimits.title` characters, with a warning.
        case line
        /// A few paragraphs: cut at `PhotoTextLimits.caption` characters, with a warning.
        case paragraphs
        /// A URL longer than a line is left out (cut short it would lead elsewhere).
        case url
    }

    /// Every field's entry, by case.
    static let definitions: [Definition] = allCases.map(\.tableEntry)

    var definition: Definition { Self.definitions[rawValue] }
    /// The field's name: its key in Ashlar's JSON sidecars, and in messages.
    package var name: String { definition.name }
    package var description: String { name }

    /// The field named `name`.
    package init?(name: String) {
        guard let index = Self.definitions.firstIndex(where: { $0.name == name }) else { return nil }
        self = Self.allCases[index]
    }
}
