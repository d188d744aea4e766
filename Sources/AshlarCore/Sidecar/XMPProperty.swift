/// An XMP property Ashlar reads, by namespace URI and local name. `XMPPacket` keeps only these,
/// each in its own slot, so reading a field is an array access rather than a lookup by name.
enum XMPProperty: Int, CaseIterable {
    case imageWidth, imageLength, pixelXDimension, pixelYDimension, orientation
    case title, description, altText, extendedDescription, subject, hierarchicalSubject
    case rating, label, creator, rights, webStatement
    case location, city, state, country
    case dateTimeOriginal, dateCreated, createDate
    case make, model, lens, lensModel, focalLength, fNumber, exposureTime, isoSpeedRatings, photographicSensitivity

    enum Namespace {
        static let tiff = "http://ns.adobe.com/tiff/1.0/"
        static let exif = "http://ns.adobe.com/exif/1.0/"
        static let dc = "http://purl.org/dc/elements/1.1/"
        static let xmp = "http://ns.adobe.com/xap/1.0/"
        static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
        static let iptcCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
        static let aux = "http://ns.adobe.com/exif/1.0/aux/"
        static let exifEX = "http://cipa.jp/exif/1.0/"
        static let xmpRights = "http://ns.adobe.com/xap/1.0/rights/"
        static let lightroom = "http://ns.adobe.com/lightroom/1.0/"
    }

    /// The namespace URI, its usual prefix (for messages, whatever prefix a file uses), and the
    /// local name.
    var qualified: (namespace: String, prefix: String, name: String) {
        typealias N = Namespace
        switch self {
        case .imageWidth: return (N.tiff, "tiff", "ImageWidth")
        case .imageLength: return (N.tiff, "tiff", "ImageLength")
        case .pixelXDimension: return (N.exif, "exif", "PixelXDimension")
        case .pixelYDimension: return (N.exif, "exif", "PixelYDimension")
        case .orientation: return (N.tiff, "tiff", "Orientation")
        case .title: return (N.dc, "dc", "title")
        case .description: return (N.dc, "dc", "description")
        case .altText: return (N.iptcCore, "Iptc4xmpCore", "AltTextAccessibility")
        case .extendedDescription: return (N.iptcCore, "Iptc4xmpCore", "ExtDescrAccessibility")
        case .subject: return (N.dc, "dc", "subject")
        case .hierarchicalSubject: return (N.lightroom, "lr", "hierarchicalSubject")
        case .rating: return (N.xmp, "xmp", "Rating")
        case .label: return (N.xmp, "xmp", "Label")
        case .creator: return (N.dc, "dc", "creator")
        case .rights: return (N.dc, "dc", "rights")
        case .webStatement: return (N.xmpRights, "xmpRights", "WebStatement")
        case .location: return (N.iptcCore, "Iptc4xmpCore", "Location")
        case .city: return (N.photoshop, "photoshop", "City")
        case .state: return (N.photoshop, "photoshop", "State")
        case .country: return (N.photoshop, "photoshop", "Country")
        case .dateTimeOriginal: return (N.exif, "exif", "DateTimeOriginal")
        case .dateCreated: return (N.photoshop, "photoshop", "DateCreated")
        case .createDate: return (N.xmp, "xmp", "CreateDate")
        case .make: return (N.tiff, "tiff", "Make")
        case .model: return (N.tiff, "tiff", "Model")
        case .lens: return (N.aux, "aux", "Lens")
        case .lensModel: return (N.exifEX, "exifEX", "LensModel")
        case .focalLength: return (N.exif, "exif", "FocalLength")
        case .fNumber: return (N.exif, "exif", "FNumber")
        case .exposureTime: return (N.exif, "exif", "ExposureTime")
        case .isoSpeedRatings: return (N.exif, "exif", "ISOSpeedRatings")
        case .photographicSensitivity: return (N.exifEX, "exifEX", "PhotographicSensitivity")
        }
    }

    /// The local names' bytes, in case order. Every local name is used by one property only, so
    /// a name finds at most one candidate.
    private static let names: [[UInt8]] = allCases.map { Array($0.qualified.name.utf8) }

    /// The property with this namespace and local name, if Ashlar reads it.
    init?(namespace: String, name: String) {
        var name = name
        guard let property = name.withUTF8({ Self(namespace: namespace, name: $0) }) else { return nil }
        self = property
    }

    /// The same, for a local name still in the document's bytes: most names a packet holds are
    /// not Ashlar's, and are turned away without making a string of them.
    init?(namespace: String, name: UnsafeBufferPointer<UInt8>) {
        for index in Self.names.indices where Self.names[index].count == name.count {
            guard Self.names[index].elementsEqual(name) else { continue }
            guard let property = Self(rawValue: index), property.qualified.namespace == namespace else { return nil }
            self = property
            return
        }
        return nil
    }

    /// The name as messages write it: `xmp:Rating`.
    var messageName: String { "\(qualified.prefix):\(qualified.name)" }
}
