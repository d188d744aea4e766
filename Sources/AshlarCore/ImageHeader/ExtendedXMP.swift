import Glibc

/// XMP too large for one JPEG segment (XMP Specification Part 3, §1.1.3.1): the standard packet
/// names a GUID in `xmpNote:HasExtendedXMP`, and the extended packet follows in `APP1` segments
/// that each carry that GUID, the packet's full length and the part's offset. The GUID is the
/// MD5 digest of the whole extended packet, so a complete packet can be checked.
struct ExtendedXMP {
    static let signature = "http://ns.adobe.com/xmp/extension/\0"

    struct Part {
        var guid: String
        var fullLength: Int
        var offset: Int
        var data: ArraySlice<UInt8>
    }

    private(set) var parts: [Part] = []

    /// Adds one segment's payload, which starts after the signature.
    mutating func add(_ payload: ByteWindow) {
        guard let guid = payload.slice(0, count: 32), let fullLength = payload.u32(32), let offset = payload.u32(36),
            let data = payload.slice(40, count: payload.count - 40)
        else { return }
        parts.append(
            Part(
                guid: String(decoding: guid, as: UTF8.self), fullLength: Int(fullLength), offset: Int(offset),
                data: data))
    }

    /// The GUID the standard packet names: the 32 hexadecimal digits after `HasExtendedXMP`,
    /// written as an attribute or an element.
    static func guid(inStandardPacket packet: [UInt8]) -> String? {
        let name = Array("HasExtendedXMP".utf8)
        guard let found = firstOffset(of: name, in: packet) else { return nil }
        var index = found + name.count
        // Skip `="`, `='` or `>`, with any spaces.
        var skipped = 0
        while index < packet.count, skipped < 8, !isHexDigit(packet[index]) {
            index += 1
            skipped += 1
        }
        guard index + 32 <= packet.count, packet[index..<(index + 32)].allSatisfy(isHexDigit) else { return nil }
        return String(decoding: packet[index..<(index + 32)], as: UTF8.self).uppercased()
    }

    /// The extended packet for `guid`, or why it cannot be used.
    func assembled(guid: String) -> Result<[UInt8], AssemblyProblem> {
        let mine = parts.filter { $0.guid.uppercased() == guid }
        guard let fullLength = mine.first?.fullLength else { return .failure(.missing) }
        // Parts come from the first 4 MiB of the file, so their data cannot describe more.
        guard mine.allSatisfy({ $0.fullLength == fullLength }), fullLength <= ImageHeaderReader.maximumPrefix else {
            return .failure(.inconsistent)
        }
        var packet = [UInt8](repeating: 0, count: fullLength)
        var covered = 0
        for part in mine.sorted(by: { $0.offset < $1.offset }) {
            guard part.offset <= covered, part.offset + part.data.count <= fullLength else {
                return .failure(part.offset > covered ? .incomplete : .inconsistent)
            }
            packet.replaceSubrange(part.offset..<(part.offset + part.data.count), with: part.data)
            covered = max(covered, part.offset + part.data.count)
        }
        guard covered == fullLength else { return .failure(.incomplete) }
        guard MD5.hexDigest(packet) == guid else { return .failure(.digestMismatch) }
        return .success(packet)
    }

    enum AssemblyProblem: Error, Equatable {
        case missing, inconsistent, incomplete, digestMismatch

        var message: String {
            switch self {
            case .missing: "its Extended XMP is missing; only the main XMP packet is read"
            case .inconsistent: "its Extended XMP parts do not agree on their length; only the main XMP packet is read"
            case .incomplete: "its Extended XMP has a part missing; only the main XMP packet is read"
            case .digestMismatch:
                "its Extended XMP does not match its MD5 digest; only the main XMP packet is read"
            }
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// The first place `needle` occurs; `memchr` finds each candidate first byte (a packet is
    /// searched in every JPEG that carries XMP).
    private static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        return haystack.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let last = buffer.count - needle.count
            var index = 0
            while index <= last, let found = memchr(base + index, Int32(first), last - index + 1) {
                let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + offset, needle, needle.count) == 0 { return offset }
                index = offset + 1
            }
            return nil
        }
    }
}
