/// What is wrong with a HEIF file, named the way a person fixing it would look for it: the box,
/// the item and the number that does not fit.
package enum HEIFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not start with an `ftyp` box.
    case noFileType
    /// A box the reader needs is missing (`meta`, `hdlr`, `iinf`, `iloc`).
    case missingBox(String)
    /// A box's header is damaged: too small, too large, or running past its container.
    case damagedBox(type: String, offset: Int)
    /// The bytes end inside a box that is needed whole: at least `needs` bytes are required.
    case truncated(box: String, needs: Int)
    /// A field of a box holds a value the format does not allow.
    case badField(box: String, field: String, value: Int)
    /// A box version the reader does not know.
    case unsupportedVersion(box: String, version: Int)
    /// The box ends before its fields do.
    case shortBox(String)
    /// More entries than the reader accepts (items, extents, properties, references, tiles).
    case tooMany(what: String, count: Int, limit: Int)
    /// The handler is not `pict`: the `meta` box does not describe images.
    case notPictureHandler(String)
    case noPrimaryItem
    /// `pitm` names an item `iinf` does not list.
    case primaryNotListed(UInt32)
    /// An item ID that the file lists twice in one box.
    case duplicateItem(box: String, item: UInt32)
    /// An item, named by a reference, a property association or a caller, that `iinf` does not list.
    case unknownItem(UInt32)
    /// An item that has no location in `iloc`.
    case noLocation(item: UInt32)
    /// An `iloc` extent that lies outside the file (or outside `idat`).
    case extentOutside(item: UInt32, extent: Int, container: String)
    /// The item's data (its extents together) is larger than the stated limit.
    case itemTooLarge(item: UInt32, bytes: Int, limit: Int)
    /// A construction method other than 0 (file) and 1 (`idat`).
    case unsupportedConstruction(item: UInt32, method: Int)
    /// A construction method 1 item when the `meta` box has no `idat`.
    case noItemData(item: UInt32)
    /// An `ipma` index beyond the properties in `ipco`.
    case propertyIndex(item: UInt32, index: Int, count: Int)
    /// An item lacks a property it must have (`ispe`, `hvcC`).
    case missingProperty(item: UInt32, property: String)
    /// An essential property the reader does not understand: the item cannot be shown correctly.
    case unsupportedEssentialProperty(item: UInt32, property: String)
    /// An image item of a type the reader does not show (`iden`, `iovl`, `jpeg`).
    case unsupportedItemType(item: UInt32, type: String)
    /// A `grid` whose tiles do not match its declaration.
    case badGrid(item: UInt32, reason: String)
    /// An image larger than the reader accepts, in pixels on a side.
    case imageTooLarge(item: UInt32, width: Int, height: Int, limit: Int)
    /// A `clap` whose fractions are zero-denominator, or whose rectangle is empty or outside the image.
    case badCleanAperture(item: UInt32)

    package var description: String {
        switch self {
        case .noFileType: "the file does not start with an 'ftyp' box"
        case .missingBox(let type): "no '\(type)' box"
        case .damagedBox(let type, let offset): "box '\(type)' at byte \(offset) is damaged"
        case .truncated(let box, let needs): "'\(box)' runs past the end of the file (it needs \(needs) bytes)"
        case .badField(let box, let field, let value): "\(box): \(field) \(value) is not allowed"
        case .unsupportedVersion(let box, let version): "\(box): version \(version) is not supported"
        case .shortBox(let box): "\(box): the box ends inside its fields"
        case .tooMany(let what, let count, let limit): "\(count) \(what); at most \(limit) are read"
        case .notPictureHandler(let handler): "hdlr: handler '\(handler)' is not 'pict'"
        case .noPrimaryItem: "no primary item"
        case .primaryNotListed(let item): "pitm names item \(item), which iinf does not list"
        case .duplicateItem(let box, let item): "\(box): item \(item) is listed twice"
        case .unknownItem(let item): "item \(item) is not listed in iinf"
        case .noLocation(let item): "iloc: item \(item) has no location"
        case .extentOutside(let item, let extent, let container):
            "iloc: item \(item) extent \(extent) runs past the end of the \(container)"
        case .itemTooLarge(let item, let bytes, let limit): "item \(item) has \(bytes) bytes; at most \(limit) are read"
        case .unsupportedConstruction(let item, let method):
            "iloc: item \(item) uses construction method \(method); only 0 (file) and 1 (idat) are supported"
        case .noItemData(let item): "iloc: item \(item) lies in 'idat', which the file does not have"
        case .propertyIndex(let item, let index, let count):
            "ipma: item \(item) names property \(index), but ipco has \(count)"
        case .missingProperty(let item, let property): "item \(item) has no '\(property)' property"
        case .unsupportedEssentialProperty(let item, let property):
            "item \(item) has an essential '\(property)' property, which is not supported"
        case .unsupportedItemType(let item, let type): "item \(item) is a '\(type)' image, which is not supported"
        case .badGrid(let item, let reason): "grid item \(item): \(reason)"
        case .imageTooLarge(let item, let width, let height, let limit):
            "item \(item) is \(width)×\(height); images may be at most \(limit) pixels on a side"
        case .badCleanAperture(let item): "clap of item \(item) does not describe a rectangle inside the image"
        }
    }
}
