import AshlarTestSupport
import Testing

@testable import AshlarImage

/// `XMPPacketReader` reads properties while the XML is read, without a tree. It must find what a
/// reading of the whole tree finds: `TreeReference` is that reading (the way Ashlar read packets
/// before), kept here as the reference.
@Suite struct XMPPacketReaderTests {
    /// The properties of every `rdf:Description` under the first `rdf:RDF` of a tree.
    enum TreeReference {
        static let rdf = XMPPacket.rdf

        /// The slot of a property the reader keeps.
        static func slot(_ namespace: String, _ name: String) -> Int? {
            properties.names.firstIndex { $0.namespace == namespace && $0.name == name }
        }

        static func packet(_ root: AshlarImage.XMLNode) -> XMPPacket? {
            guard let rdf = findRDF(root) else { return nil }
            var packet = XMPPacket(properties: properties)
            for description in rdf.children where description.namespace == Self.rdf && description.name == "Description"
            {
                for attribute in description.attributes
                where !attribute.namespace.isEmpty && attribute.namespace != Self.rdf
                    && attribute.namespace != AshlarImage.XMLNode.xmlNamespace
                {
                    guard let slot = slot(attribute.namespace, attribute.name), packet[slot: slot] == nil
                    else { continue }
                    packet.set(
                        slot: slot,
                        XMPPacket.Property(
                            value: .text(attribute.value),
                            location: XMPPacket.Location(
                                line: description.line, column: description.column,
                                valueOffset: attribute.valueOffset)))
                }
                for element in description.children {
                    guard let slot = slot(element.namespace, element.name), packet[slot: slot] == nil,
                        let value = value(of: element)
                    else { continue }
                    packet.set(
                        slot: slot,
                        XMPPacket.Property(
                            value: value,
                            location: XMPPacket.Location(line: element.line, column: element.column, valueOffset: nil)))
                }
            }
            return packet
        }

        static func findRDF(_ node: AshlarImage.XMLNode) -> AshlarImage.XMLNode? {
            if node.namespace == rdf && node.name == "RDF" { return node }
            for child in node.children {
                if let found = findRDF(child) { return found }
            }
            return nil
        }

        static func value(of element: AshlarImage.XMLNode) -> XMPPacket.Value? {
            if let resource = element.attribute(rdf, "resource") { return .text(resource) }
            if let container = element.children.first(where: {
                $0.namespace == rdf && ["Alt", "Bag", "Seq"].contains($0.name)
            }) {
                return .list(
                    container.children.filter { $0.namespace == rdf && $0.name == "li" }.map {
                        XMPPacket.Item(text: $0.text, language: $0.attribute(AshlarImage.XMLNode.xmlNamespace, "lang"))
                    })
            }
            if !element.children.isEmpty || element.attribute(rdf, "parseType") != nil { return nil }
            if element.attributes.contains(where: {
                $0.namespace != rdf && $0.namespace != AshlarImage.XMLNode.xmlNamespace
            }) {
                return nil
            }
            return .text(element.text)
        }
    }

    /// The properties Ashlar's metadata fields read (AshlarCore's table names them; the reader
    /// takes any set).
    static let properties = XMPPropertySet(
        [
            .tiff("ImageWidth"), .tiff("ImageLength"), .exif("PixelXDimension"), .exif("PixelYDimension"),
            .tiff("Orientation"), .dc("title"), .dc("description"), .iptcCore("AltTextAccessibility"),
            .iptcCore("ExtDescrAccessibility"), .dc("subject"), .lightroom("hierarchicalSubject"), .xmp("Rating"),
            .xmp("Label"), .dc("creator"), .dc("rights"), .xmpRights("WebStatement"), .iptcCore("Location"),
            .photoshop("City"), .photoshop("State"), .photoshop("Country"), .exif("DateTimeOriginal"),
            .photoshop("DateCreated"), .xmp("CreateDate"), .tiff("Make"), .tiff("Model"), .aux("Lens"),
            .exifEX("LensModel"), .exif("FocalLength"), .exif("FNumber"), .exif("ExposureTime"),
            .exif("ISOSpeedRatings"), .exifEX("PhotographicSensitivity"),
        ])

    static func streamed(_ bytes: [UInt8]) -> XMPPacket? {
        let (reader, error) = XMLReader.read(bytes, handler: XMPPacketReader(properties: properties))
        guard error == nil, reader.foundRDF else { return nil }
        return reader.packet
    }

    static func fromTree(_ bytes: [UInt8]) -> XMPPacket? {
        guard case .success(let root) = XMLReader<XMLTreeBuilder>.read(bytes) else { return nil }
        return TreeReference.packet(root)
    }

    static let header = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
        xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:other="http://example.com/other/">
        """

    /// Packets that reach every branch of the reading: attributes and elements, structures,
    /// resources, containers and the items in them, repeats, and places where properties are not.
    static let packets: [String] = [
        #"<rdf:Description dc:format="x" xmp:Rating="4" tiff:Make=" Fuji "/>"#,
        #"<rdf:Description><dc:title><rdf:Alt><rdf:li xml:lang="x-default">T</rdf:li><rdf:li xml:lang="fr">F</rdf:li></rdf:Alt></dc:title></rdf:Description>"#,
        #"<rdf:Description><dc:subject><rdf:Bag><rdf:li>a</rdf:li><other:x/><rdf:li>b<other:y/></rdf:li></rdf:Bag><rdf:Seq><rdf:li>c</rdf:li></rdf:Seq></dc:subject></rdf:Description>"#,
        #"<rdf:Description><dc:creator><other:z/><rdf:Seq><rdf:li>Ada</rdf:li></rdf:Seq></dc:creator></rdf:Description>"#,
        #"<rdf:Description><xmp:Rating rdf:resource="5"/><xmp:Label rdf:parseType="Resource"><other:q>1</other:q></xmp:Label></rdf:Description>"#,
        #"<rdf:Description><xmp:Label other:qualifier="1">Red</xmp:Label><tiff:Model xml:lang="en">X</tiff:Model></rdf:Description>"#,
        #"<rdf:Description><tiff:Make><other:s>1</other:s></tiff:Make><tiff:Make>Second</tiff:Make></rdf:Description>"#,
        #"<rdf:Description xmp:Rating="1"><xmp:Rating>2</xmp:Rating></rdf:Description><rdf:Description xmp:Rating="3" xmp:Label="L"/>"#,
        #"<other:Description xmp:Rating="1"><xmp:Label>no</xmp:Label></other:Description><rdf:Description><xmp:Label>yes</xmp:Label></rdf:Description>"#,
        #"<rdf:Description><other:wrap><xmp:Rating>9</xmp:Rating></other:wrap><dc:rights><rdf:Alt><rdf:li xml:lang="x-default">&amp;&lt;</rdf:li></rdf:Alt></dc:rights></rdf:Description>"#,
        #"<rdf:Description><dc:description><rdf:Alt/></dc:description><dc:title>  plain  </dc:title></rdf:Description>"#,
        #"<rdf:Description><rdf:RDF><rdf:Description xmp:Rating="2"/></rdf:RDF></rdf:Description>"#,
    ]

    @Test(arguments: packets)
    func findsWhatTheTreeFinds(_ body: String) throws {
        let bytes = Array((Self.header + body + "</rdf:RDF></x:xmpmeta>").utf8)
        let streamed = try #require(Self.streamed(bytes))
        #expect(streamed == Self.fromTree(bytes))
    }

    @Test func anRDFElementIsNeeded() {
        #expect(Self.streamed(Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8)) == nil)
        #expect(Self.streamed(Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'>".utf8)) == nil)
    }

    @Test func itemsAndLanguagesAreRead() throws {
        let bytes = Array((Self.header + Self.packets[1] + "</rdf:RDF></x:xmpmeta>").utf8)
        let packet = try #require(Self.streamed(bytes))
        #expect(
            packet[.dc("title")]?.value
                == .list([XMPPacket.Item(text: "T", language: "x-default"), XMPPacket.Item(text: "F", language: "fr")]))
    }

    /// The fixture packets, and thousands of random mutations of them: wherever the XML is still
    /// well-formed, both readings agree.
    @Test func mutatedFixturesAgree() throws {
        let names = try SidecarFixture.names(in: "xmp", withExtension: "xmp")
        let originals = try names.map { try SidecarFixture.bytes($0) }.filter { XMPPacketReader.refusal($0) == nil }
        #expect(originals.count >= 6)
        var generator = SeededGenerator(seed: 0x584D_5052)
        let interesting: [UInt8] = Array("<>/&;=\"' \n:x!?-#[]rdf:liAltBag".utf8)
        var compared = 0
        for round in 0..<4_000 {
            var bytes = originals[round % originals.count]
            if round >= originals.count {
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: bytes[index] = interesting.randomElement(using: &generator) ?? 0
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: index)
                    }
                }
            }
            let tree = Self.fromTree(bytes)
            #expect(Self.streamed(bytes) == tree, "round \(round)")
            if tree != nil { compared += 1 }
        }
        #expect(compared > 500)
    }
}
