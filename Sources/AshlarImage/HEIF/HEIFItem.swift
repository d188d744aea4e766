/// One `infe` entry of `iinf`: what an item is.
package struct HEIFItem: Sendable, Equatable {
    package var id: UInt32
    /// The four-character item type: `hvc1`, `av01`, `grid`, `iden`, `iovl`, `tmap`, `Exif`, `mime`.
    package var type: String
    package var name: String
    /// For `mime` items, the MIME type (`application/rdf+xml` for XMP).
    package var contentType: String?
    /// For `mime` items, the content encoding when one is given (empty means none).
    package var contentEncoding: String?
    /// Flag bit 0 of `infe`: the item is not meant to be shown on its own (a grid tile).
    package var isHidden: Bool

    package init(
        id: UInt32, type: String, name: String = "", contentType: String? = nil, contentEncoding: String? = nil,
        isHidden: Bool = false
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.isHidden = isHidden
    }

    /// Whether the item is an XMP packet (`mime`, `application/rdf+xml`).
    package var isXMP: Bool { type == "mime" && contentType == "application/rdf+xml" }
}
