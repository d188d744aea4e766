import Testing

@testable import AshlarImage

/// `LocationRecord` is the one answer to "does this file say where it was taken": it agrees with
/// `JPEGMetadata.read`, and what the rewriters publish records none.
@Suite struct LocationRecordTests {
    @Test(arguments: MetadataFixture.all)
    func findAgreesWithTheMetadataReaderAndTheRewrite(_ file: String) throws {
        let bytes = try MetadataFixture.bytes(file)
        let found = LocationRecord.find(in: bytes)
        #expect(!found.isEmpty == (try JPEGMetadata.read(bytes)).hasLocation)
        if file.hasPrefix("gps-exif") { #expect(found == [.exifGPS]) }
        if file.hasPrefix("gps-xmp") { #expect(found == [.xmpGPS]) }
        if file == "iptc-comment.jpg" { #expect(found == [.iptcPlace]) }
        let published = try JPEGMetadata.rewrite(bytes, keeping: .cameraFacts)
        #expect(LocationRecord.find(in: published) == [])
    }

    struct XMPCase: Sendable, CustomTestStringConvertible {
        var name: String
        var packet: String
        var records: Bool
        var testDescription: String { name }
    }

    static let xmpCases = [
        XMPCase(name: "attribute", packet: "<d exif:GPSLatitude='48,51.5N'/>", records: true),
        XMPCase(name: "element", packet: "<d><exif:GPSLongitude>2,21E</exif:GPSLongitude></d>", records: true),
        XMPCase(name: "altitude alone", packet: "<d exif:GPSAltitude='35'/>", records: true),
        XMPCase(
            name: "other prefix", packet: "<d xmlns:e='http://ns.adobe.com/exif/1.0/' e:GPSLatitude='1N'/>",
            records: true),
        XMPCase(
            name: "inside a structure",
            packet:
                "<Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li exif:GPSLatitude='1N'/></rdf:Bag></Iptc4xmpExt:LocationCreated>",
            records: true),
        XMPCase(name: "version only", packet: "<d exif:GPSVersionID='2.3.0.0'/>", records: false),
        XMPCase(
            name: "text mention", packet: "<dc:description>exif:GPSLatitude is private</dc:description>", records: false
        ),
        // A property of any namespace named for a position or a place counts.
        XMPCase(name: "other namespace", packet: "<d myexif:GPSLatitude='1'/>", records: true),
        XMPCase(
            name: "DJI drone", packet: "<d drone-dji:GpsLatitude='+48.85' drone-dji:GpsLongitude='2.35'/>",
            records: true),
        XMPCase(
            name: "Darwin Core", packet: "<d>\n <dwc:decimalLatitude>48.85</dwc:decimalLatitude></d>", records: true),
        // Premiere's "Shot Location", as video tools write it.
        XMPCase(name: "xmpDM shot location", packet: "<d xmpDM:shotLocation='Quay 4'/>", records: true),
        XMPCase(
            name: "xmpDM shot location element", packet: "<d><xmpDM:shotLocation>Quay 4</xmpDM:shotLocation></d>",
            records: true),
        XMPCase(name: "xmpDM shot name", packet: "<d xmpDM:shotName='Take 2'/>", records: false),
        XMPCase(name: "photoshop city", packet: "<d photoshop:City='Paris'/>", records: true),
        XMPCase(
            name: "IPTC location created",
            packet: "<d><Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li Iptc4xmpExt:Sublocation='1 Rue'/></rdf:Bag>"
                + "</Iptc4xmpExt:LocationCreated></d>", records: true),
        XMPCase(
            name: "place word in text", packet: "<dc:description>The City at night</dc:description>", records: false),
        XMPCase(name: "camera facts", packet: "<d dc:title='Sunset' exif:FNumber='1.8'/>", records: false),
        XMPCase(name: "unclosed element still counts", packet: "<d><exif:GPSLatitude>48,51.5N</d>", records: true),
    ]

    @Test(arguments: xmpCases)
    func xmp(_ testCase: XMPCase) {
        #expect(LocationRecord.inXMP(Array(testCase.packet.utf8)) == testCase.records)
    }

    /// A packet that binds thousands of prefixes to the EXIF namespace once took one pass over the
    /// packet per prefix (11 min for a 240 KB PNG when XMP was still edited): the names are now
    /// found in one pass, and a GPS property under the last prefix is still found.
    @Test func thousandsOfPrefixesAreReadInOnePass() throws {
        let count = 6_000
        var packet = "<rdf:Description"
        for index in 0..<count { packet += " xmlns:e\(index)='http://ns.adobe.com/exif/1.0/'" }
        for index in 0..<count - 1 { packet += " e\(index):FNumber='1.8' e\(index):GPSVersionID='2.3.0.0'" }
        let clean = Array((packet + "/>").utf8)
        #expect(!LocationRecord.inXMP(clean))
        let located = Array((packet + " e\(count - 1):GPSLatitude='1N'/>").utf8)
        #expect(LocationRecord.inXMP(located))
        #expect(JPEGMetadata.exifPrefixes(in: located).count == count + 1)
        #expect(JPEGMetadata.gpsProperties(in: located)?.count == count)
    }

    /// Photoshop resources holding one IPTC-IIM resource with these record-2 datasets.
    static func resources(_ datasets: [(number: UInt8, text: String)]) -> [UInt8] {
        var iim: [UInt8] = []
        for dataset in datasets {
            let data = Array(dataset.text.utf8)
            iim += [0x1C, 2, dataset.number, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
        }
        let size = iim.count
        return Array("8BIM".utf8) + [0x04, 0x04, 0, 0]
            + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + iim
            + (size % 2 == 1 ? [0] : [])
    }

    @Test(arguments: [
        (number: UInt8(90), text: "Paris", records: true),
        (number: UInt8(92), text: "1 Rue de Rivoli", records: true),
        (number: UInt8(95), text: "Île-de-France", records: true),
        (number: UInt8(100), text: "FRA", records: true),
        (number: UInt8(101), text: "France", records: true),
        (number: UInt8(26), text: "FRA", records: true),
        (number: UInt8(27), text: "Paris", records: true),
        (number: UInt8(90), text: "  ", records: false),
        (number: UInt8(25), text: "Paris", records: false),
        (number: UInt8(120), text: "A city at night", records: false),
    ])
    func iptcPlaces(number: UInt8, text: String, records: Bool) {
        let bytes = Self.resources([(5, "Title"), (number, text)])
        #expect(LocationRecord.inPhotoshopResources(bytes[...]) == records)
    }
}
