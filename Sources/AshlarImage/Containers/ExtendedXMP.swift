/// XMP too large for one JPEG segment (XMP Specification Part 3, §1.1.3.1): the standard packet
/// names a GUID in `xmpNote:HasExtendedXMP`, and the extended packet follows in `APP1` segments
/// (`http://ns.adobe.com/xmp/extension/\0`) that each carry that GUID, the packet's full length,
/// the part's offset and the part. The GUID is the MD5 digest of the whole extended packet, so a
/// complete packet can be checked.
///
/// The one reader of these segments: the gallery's header scan assembles the packet the standard
/// one names, and ``LocationRecord`` and the metadata rewriter look for a location in every
/// packet, named or not, as exiftool reads them all.
package struct ExtendedXMP: Sendable {
    /// What an Extended XMP `APP1` payload starts with.
    package static let signature = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]

    /// One segment's part of an extended packet.
    package struct Part: Sendable, Equatable {
        /// The 32 characters that name the packet, ASCII letters upper-cased (GUIDs are written
        /// in hexadecimal, and readers match them without regard to case).
        package var guid: String
        package var fullLength: Int
        package var offset: Int
        package var data: ArraySlice<UInt8>

        /// The part in a payload that starts after ``ExtendedXMP/signature``: a 32-byte GUID,
        /// the full length and the offset (4 bytes each, big-endian), then the data. Nil when the
        /// payload is shorter than that 40-byte header.
        package init?(_ body: ArraySlice<UInt8>) {
            guard body.count >= 40 else { return nil }
            let start = body.startIndex
            let uppercased = body[start..<(start + 32)].map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
            func u32(_ at: Int) -> Int { body[(start + at)..<(start + at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            guid = String(decoding: uppercased, as: UTF8.self)
            fullLength = u32(32)
            offset = u32(36)
            data = body[(start + 40)...]
        }
    }

    /// The parts read so far, by the GUID they name, each packet's in file order.
    package private(set) var packets: [String: [Part]] = [:]
    /// The GUIDs the parts name, each once, in the order they are first met.
    package private(set) var guids: [String] = []

    package init() {}

    /// The parts in a whole JPEG file's `APP1` segments.
    package init(segments: [JPEGSegment], in bytes: [UInt8]) {
        for segment in segments where segment.marker == 0xE1 && segment.hasSignature(Self.signature, in: bytes) {
            add(bytes[(segment.start + Self.signature.count)..<segment.end])
        }
    }

    /// Adds the part in one segment's payload after the signature; a payload too short to hold a
    /// part's header is ignored.
    package mutating func add(_ body: ArraySlice<UInt8>) {
        guard let part = Part(body) else { return }
        if packets[part.guid] == nil { guids.append(part.guid) }
        packets[part.guid, default: []].append(part)
    }

    /// The GUID the standard packet names: the 32 hexadecimal digits after `HasExtendedXMP`,
    /// written as an attribute or an element, upper-cased.
    package static func guid(inStandardPacket packet: [UInt8]) -> String? {
        guard let found = JPEGMetadata.firstRange(of: Array("HasExtendedXMP".utf8), in: packet, from: 0) else {
            return nil
        }
        var index = found.upperBound
        // Skip `="`, `='` or `>`, with any spaces.
        var skipped = 0
        while index < packet.count, skipped < 8, !isHexDigit(packet[index]) {
            index += 1
            skipped += 1
        }
        guard index + 32 <= packet.count, packet[index..<(index + 32)].allSatisfy(isHexDigit) else { return nil }
        return String(decoding: packet[index..<(index + 32)], as: UTF8.self).uppercased()
    }

    /// The packet named `guid` (upper-case), complete and checked against its digest, or why it
    /// cannot be used.
    package func assembled(guid: String) -> Result<[UInt8], AssemblyProblem> {
        joined(guid: guid).flatMap { packet in
            MD5.hexDigest(packet) == guid ? .success(packet) : .failure(.digestMismatch)
        }
    }

    /// The packet named `guid` put together from its parts in offset order, each written over
    /// what earlier ones left at its place (parts may come in any order and overlap), without
    /// checking the digest. The parts must agree on the full length, stay inside it and leave
    /// no gap.
    package func joined(guid: String) -> Result<[UInt8], AssemblyProblem> {
        let mine = packets[guid] ?? []
        guard let fullLength = mine.first?.fullLength else { return .failure(.missing) }
        guard mine.allSatisfy({ $0.fullLength == fullLength && $0.offset + $0.data.count <= fullLength }) else {
            return .failure(.inconsistent)
        }
        // Parts cannot cover more than the bytes they carry; checked before the packet is made,
        // so a hostile length allocates nothing.
        guard fullLength <= mine.reduce(0, { $0 + $1.data.count }) else { return .failure(.incomplete) }
        var packet = [UInt8](repeating: 0, count: fullLength)
        var covered = 0
        for part in mine.sorted(by: { $0.offset < $1.offset }) {
            guard part.offset <= covered else { return .failure(.incomplete) }
            packet.replaceSubrange(part.offset..<(part.offset + part.data.count), with: part.data)
            covered = max(covered, part.offset + part.data.count)
        }
        guard covered == fullLength else { return .failure(.incomplete) }
        return .success(packet)
    }

    /// Why an extended packet cannot be used.
    package enum AssemblyProblem: Error, Equatable, Sendable {
        /// No part names the GUID.
        case missing
        /// The parts disagree on the full length, or one runs past it.
        case inconsistent
        /// Some of the packet is in no part.
        case incomplete
        /// The packet is not what its GUID, an MD5 digest, says.
        case digestMismatch
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
