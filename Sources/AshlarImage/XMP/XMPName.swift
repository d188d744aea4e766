/// An XMP property by namespace URI and local name, with the prefix messages write it with
/// (whatever prefix a file uses): `dc:title`, `xmp:Rating`.
package struct XMPName: Sendable, Hashable, CustomStringConvertible {
    package var namespace: String
    package var prefix: String
    package var name: String

    package init(_ namespace: String, prefix: String, _ name: String) {
        self.namespace = namespace
        self.prefix = prefix
        self.name = name
    }

    /// The name as messages write it: `xmp:Rating`.
    package var description: String { "\(prefix):\(name)" }

    /// The namespaces of the properties photographers' tools write.
    package enum Namespace {
        package static let tiff = "http://ns.adobe.com/tiff/1.0/"
        package static let exif = "http://ns.adobe.com/exif/1.0/"
        package static let dc = "http://purl.org/dc/elements/1.1/"
        package static let xmp = "http://ns.adobe.com/xap/1.0/"
        package static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
        package static let iptcCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
        package static let aux = "http://ns.adobe.com/exif/1.0/aux/"
        package static let exifEX = "http://cipa.jp/exif/1.0/"
        package static let xmpRights = "http://ns.adobe.com/xap/1.0/rights/"
        package static let lightroom = "http://ns.adobe.com/lightroom/1.0/"
    }

    package static func tiff(_ name: String) -> XMPName { XMPName(Namespace.tiff, prefix: "tiff", name) }
    package static func exif(_ name: String) -> XMPName { XMPName(Namespace.exif, prefix: "exif", name) }
    package static func dc(_ name: String) -> XMPName { XMPName(Namespace.dc, prefix: "dc", name) }
    package static func xmp(_ name: String) -> XMPName { XMPName(Namespace.xmp, prefix: "xmp", name) }
    package static func photoshop(_ name: String) -> XMPName {
        XMPName(Namespace.photoshop, prefix: "photoshop", name)
    }
    package static func iptcCore(_ name: String) -> XMPName {
        XMPName(Namespace.iptcCore, prefix: "Iptc4xmpCore", name)
    }
    package static func aux(_ name: String) -> XMPName { XMPName(Namespace.aux, prefix: "aux", name) }
    package static func exifEX(_ name: String) -> XMPName { XMPName(Namespace.exifEX, prefix: "exifEX", name) }
    package static func xmpRights(_ name: String) -> XMPName {
        XMPName(Namespace.xmpRights, prefix: "xmpRights", name)
    }
    package static func lightroom(_ name: String) -> XMPName { XMPName(Namespace.lightroom, prefix: "lr", name) }
}
