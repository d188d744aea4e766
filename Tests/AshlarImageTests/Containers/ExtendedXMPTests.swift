import Testing

@testable import AshlarImage

/// `ExtendedXMP`, the one reader of a JPEG's Extended XMP segments: parts read from their
/// payloads, packets assembled (in any order, overlapping, checked against their digest) or
/// refused with the reason, and the location check built on it.
@Suite struct ExtendedXMPTests {
    @Test(arguments: [
        ("", "D41D8CD98F00B204E9800998ECF8427E"), ("a", "0CC175B9C0F1B6A831C399E269772661"),
        ("abc", "900150983CD24FB0D6963F7D28E17F72"), ("message digest", "F96B697D7CB7938D525A2F31AAF161D0"),
        ("abcdefghijklmnopqrstuvwxyz", "C3FCD3D76192E4007DFB496CCA67E13B"),
        (
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
            "D174AB98D277D9F5A5611C2C9F419D9F"
        ),
        (String(repeating: "1234567890", count: 8), "57EDF4A22BE3C955AC49DA2E2107B67A"),
    ])
    func md5MatchesRFC1321(input: String, digest: String) {
        #expect(MD5.hexDigest(Array(input.utf8)) == digest)
    }

    /// The packet the assembly cases split: 100 bytes, and the GUID its digest gives.
    static let packet = Array(String(repeating: "<x:xmpmeta/>", count: 9).utf8.prefix(100))
    static let guid = MD5.hexDigest(packet)

    /// A part's payload after the signature.
    static func body(guid: String = guid, fullLength: Int = packet.count, offset: Int, _ data: ArraySlice<UInt8>)
        -> [UInt8]
    {
        func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
        return Array(guid.utf8) + u32(fullLength) + u32(offset) + data
    }

    /// The packet's bytes from `range` as a part at its place.
    static func part(_ range: Range<Int>, guid: String = guid, fullLength: Int = packet.count) -> [UInt8] {
        body(guid: guid, fullLength: fullLength, offset: range.lowerBound, packet[range])
    }

    struct PartCase: Sendable, CustomTestStringConvertible {
        var name: String
        var body: [UInt8]
        var expected: (guid: String, fullLength: Int, offset: Int, data: [UInt8])?
        var testDescription: String { name }
    }

    static let partCases = [
        PartCase(
            name: "header and data", body: body(offset: 7, [1, 2, 3]),
            expected: (guid, 100, 7, [1, 2, 3])),
        PartCase(name: "header only", body: body(offset: 0, []), expected: (guid, 100, 0, [])),
        PartCase(name: "header cut short", body: Array(body(offset: 0, []).dropLast()), expected: nil),
        PartCase(name: "empty", body: [], expected: nil),
        PartCase(
            name: "lower-case GUID", body: body(guid: guid.lowercased(), offset: 0, [9]),
            expected: (guid, 100, 0, [9])),
        PartCase(
            name: "largest length and offset", body: body(fullLength: 0xFFFF_FFFF, offset: 0xFFFF_FFFE, []),
            expected: (guid, 0xFFFF_FFFF, 0xFFFF_FFFE, [])),
    ]

    @Test(arguments: partCases)
    func partIsReadFromItsPayload(_ test: PartCase) {
        // Inside a larger array, so the slice's indices do not start at zero.
        let bytes = [0xAA, 0xBB] + test.body
        let part = ExtendedXMP.Part(bytes[2...])
        #expect(part?.guid == test.expected?.guid)
        #expect(part?.fullLength == test.expected?.fullLength)
        #expect(part?.offset == test.expected?.offset)
        #expect(part.map { Array($0.data) } == test.expected?.data)
    }

    struct AssemblyCase: Sendable, CustomTestStringConvertible {
        var name: String
        var bodies: [[UInt8]]
        var expected: Result<[UInt8], ExtendedXMP.AssemblyProblem>
        var testDescription: String { name }
    }

    static let assemblyCases = [
        AssemblyCase(
            name: "in order", bodies: [part(0..<40), part(40..<80), part(80..<100)], expected: .success(packet)),
        AssemblyCase(
            name: "out of order", bodies: [part(80..<100), part(0..<40), part(40..<80)], expected: .success(packet)),
        AssemblyCase(name: "overlapping", bodies: [part(0..<60), part(30..<100)], expected: .success(packet)),
        AssemblyCase(
            name: "repeated", bodies: [part(0..<50), part(0..<50), part(50..<100)], expected: .success(packet)),
        AssemblyCase(
            name: "lower-case GUID in the parts", bodies: [part(0..<50, guid: guid.lowercased()), part(50..<100)],
            expected: .success(packet)),
        AssemblyCase(
            name: "other packets' parts ignored",
            bodies: [part(0..<50), part(0..<10, guid: String(repeating: "0", count: 32)), part(50..<100)],
            expected: .success(packet)),
        AssemblyCase(name: "no parts", bodies: [], expected: .failure(.missing)),
        AssemblyCase(
            name: "GUID mismatch", bodies: [part(0..<100, guid: String(repeating: "A", count: 32))],
            expected: .failure(.missing)),
        AssemblyCase(name: "middle missing", bodies: [part(0..<40), part(80..<100)], expected: .failure(.incomplete)),
        AssemblyCase(name: "end missing", bodies: [part(0..<40), part(40..<80)], expected: .failure(.incomplete)),
        AssemblyCase(name: "start missing", bodies: [part(40..<100)], expected: .failure(.incomplete)),
        AssemblyCase(
            name: "huge full length", bodies: [part(0..<100, fullLength: 0xFFFF_FFFF)],
            expected: .failure(.incomplete)),
        AssemblyCase(
            name: "lengths disagree", bodies: [part(0..<50), part(50..<100, fullLength: 101)],
            expected: .failure(.inconsistent)),
        AssemblyCase(
            name: "part past the full length", bodies: [part(0..<100), body(offset: 95, packet[90..<100])],
            expected: .failure(.inconsistent)),
        AssemblyCase(
            name: "offset beyond the full length", bodies: [part(0..<100), body(offset: 200, packet[0..<10])],
            expected: .failure(.inconsistent)),
        AssemblyCase(
            name: "largest offset", bodies: [part(0..<100), body(offset: 0xFFFF_FFFF, packet[0..<10])],
            expected: .failure(.inconsistent)),
        AssemblyCase(
            name: "digest mismatch", bodies: [part(0..<50), body(offset: 50, packet[50..<99] + [0x20])],
            expected: .failure(.digestMismatch)),
    ]

    @Test(arguments: assemblyCases)
    func packetIsAssembledOrRefused(_ test: AssemblyCase) {
        var extended = ExtendedXMP()
        for body in test.bodies { extended.add(body[...]) }
        #expect(extended.assembled(guid: Self.guid) == test.expected)
    }

    @Test func joinedLeavesTheDigestUnchecked() {
        var extended = ExtendedXMP()
        let changed = Self.packet[0..<99] + [0x20]
        extended.add(Self.body(offset: 0, changed)[...])
        #expect(extended.joined(guid: Self.guid) == .success(Array(changed)))
        #expect(extended.assembled(guid: Self.guid) == .failure(.digestMismatch))
    }

    struct GUIDCase: Sendable, CustomTestStringConvertible {
        var name: String
        var packet: String
        var guid: String?
        var testDescription: String { name }
    }

    static let digits = "0123456789ABCDEF0123456789ABCDEF"

    static let guidCases = [
        GUIDCase(name: "attribute", packet: "<d xmpNote:HasExtendedXMP=\"\(digits)\"/>", guid: digits),
        GUIDCase(name: "single quotes and spaces", packet: "<d xmpNote:HasExtendedXMP = '\(digits)'/>", guid: digits),
        GUIDCase(
            name: "element", packet: "<xmpNote:HasExtendedXMP>\(digits)</xmpNote:HasExtendedXMP>", guid: digits),
        GUIDCase(
            name: "lower case", packet: "<d xmpNote:HasExtendedXMP='\(digits.lowercased())'/>", guid: digits),
        GUIDCase(name: "none", packet: "<d dc:format='image/jpeg'/>", guid: nil),
        GUIDCase(name: "too short", packet: "<d xmpNote:HasExtendedXMP='\(digits.dropLast())'/>", guid: nil),
        GUIDCase(name: "not hexadecimal", packet: "<d xmpNote:HasExtendedXMP='\(digits.dropLast())G'/>", guid: nil),
        GUIDCase(name: "at the very end", packet: "HasExtendedXMP", guid: nil),
    ]

    @Test(arguments: guidCases)
    func standardPacketNamesItsExtension(_ test: GUIDCase) {
        #expect(ExtendedXMP.guid(inStandardPacket: Array(test.packet.utf8)) == test.guid)
    }

    @Test func partsAreReadFromAPP1SegmentsWithTheSignature() {
        let payloads: [(UInt8, [UInt8])] = [
            (0xE1, ExtendedXMP.signature + Self.part(0..<60)),
            (0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Self.packet),
            (0xE2, ExtendedXMP.signature + Self.part(60..<100)),
            (0xE1, ExtendedXMP.signature + Array(Self.guid.utf8)),
            (0xE1, ExtendedXMP.signature + Self.part(60..<100)),
        ]
        var bytes: [UInt8] = [0xFF, 0xD8]
        var segments: [JPEGSegment] = []
        for (marker, payload) in payloads {
            bytes += [0xFF, marker, 0, 0]
            segments.append(JPEGSegment(marker: marker, start: bytes.count, count: payload.count))
            bytes += payload
        }
        let extended = ExtendedXMP(segments: segments, in: bytes)
        #expect(extended.packets[Self.guid]?.map(\.offset) == [0, 60])
        #expect(extended.guids == [Self.guid])
        #expect(extended.assembled(guid: Self.guid) == .success(Self.packet))
    }

    struct LocationCase: Sendable, CustomTestStringConvertible {
        var name: String
        var parts: [(offset: Int, text: String)]
        var located: Bool
        var testDescription: String { name }
    }

    static let locationCases = [
        LocationCase(name: "in one part", parts: [(0, "<d exif:GPSLatitude='1N'/>")], located: true),
        LocationCase(name: "split between parts", parts: [(9, "PSLatitude='1N'/>"), (0, "<d exif:G")], located: true),
        LocationCase(
            name: "a part of an incomplete packet", parts: [(500, "<d exif:GPSAltitude='3'/>")], located: true),
        // Only a reader that writes the second part over the first sees `exif:GPS`.
        LocationCase(name: "made by an overlap", parts: [(0, "<d exif:Gxx"), (9, "PS='1'/>")], located: true),
        LocationCase(name: "none", parts: [(0, "<d dc:format='image/jpeg'/>")], located: false),
    ]

    @Test(arguments: locationCases)
    func locationIsFoundInAnyPacket(_ test: LocationCase) {
        let fullLength = test.parts.map { $0.offset + $0.text.utf8.count }.max() ?? 0
        var extended = ExtendedXMP()
        for (offset, text) in test.parts {
            extended.add(Self.body(fullLength: fullLength, offset: offset, Array(text.utf8)[...])[...])
        }
        #expect(LocationRecord.locatedPackets(in: extended) == (test.located ? [Self.guid] : []))
    }
}
