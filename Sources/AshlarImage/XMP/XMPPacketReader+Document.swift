import Foundation

extension XMPPacketReader {
    /// Why an XMP document gave no packet, in words, and where when a place can be named.
    package struct Failure: Error, Sendable, Equatable {
        package var message: String
        package var position: XMLPosition?
    }

    static let dtdMessage = "XMP must not contain a DTD or entity declarations"

    /// Reads an XMP document (a sidecar, or a packet embedded in an image) keeping `properties`.
    /// A document with a DTD or entity declarations is refused before parsing, so XXE and entity
    /// expansion attacks are an error for that document and nothing more; so is one in another
    /// encoding than UTF-8, in which a DTD could hide from the check.
    package static func read(_ bytes: [UInt8], properties: XMPPropertySet) -> Result<XMPPacket, Failure> {
        if let refusal = refusal(bytes) {
            return .failure(Failure(message: refusal.message, position: refusal.position))
        }
        let (reader, error) = XMLReader.read(bytes, handler: XMPPacketReader(properties: properties))
        if let error {
            return .failure(
                Failure(
                    message: "malformed XMP: " + error.reason,
                    position: XMLPosition(line: error.line, column: error.column)))
        }
        guard reader.foundRDF else {
            return .failure(Failure(message: "not an XMP packet: there is no rdf:RDF element", position: nil))
        }
        return .success(reader.packet)
    }

    /// Why the bytes are refused without being parsed: a DTD, or an encoding other than UTF-8
    /// (in which a DTD could hide from the check).
    package static func refusal(_ bytes: [UInt8]) -> (message: String, position: XMLPosition?)? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return ("XMP must be encoded as UTF-8", nil)
        }
        let doctype = Array("DOCTYPE".utf8)
        let entity = Array("ENTITY".utf8)
        // NUL and `<!` are searched for with memchr: this runs over every sidecar and every
        // packet inside an image, and a byte-by-byte loop was a tenth of reading one.
        let refusal: (message: String, position: XMLPosition?)? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
            if memchr(base, 0, buffer.count) != nil { return ("XMP must be encoded as UTF-8", nil) }
            var start = 0
            while start < buffer.count,
                let found = memchr(base + start, Int32(UInt8(ascii: "<")), buffer.count - start)
            {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "!") {
                    let rest = bytes[(index + 2)...]
                    if startsIgnoringCase(rest, doctype) || startsIgnoringCase(rest, entity) {
                        return (dtdMessage, XMLPosition(offset: index, in: bytes))
                    }
                }
                start = index + 1
            }
            return nil
        }
        if let refusal { return refusal }
        if let encoding = declaredEncoding(bytes), !["utf-8", "utf8"].contains(encoding.lowercased()) {
            return ("XMP must be encoded as UTF-8, found encoding '\(encoding)'", XMLPosition(line: 1, column: 1))
        }
        return nil
    }

    private static func startsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// The offset of `needle` in `haystack`, comparing ASCII letters case-insensitively.
    private static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        let first = needle[0]
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] | 0x20 != needle[offset] | 0x20 {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// The `encoding` of an `<?xml …?>` declaration at the start.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let head = Array(bytes[start..<min(bytes.count, start + 200)])
        guard head.starts(with: Array("<?xml".utf8)), let end = firstOffset(of: Array("?>".utf8), in: head),
            let keyword = firstOffset(of: Array("encoding".utf8), in: Array(head[..<end]))
        else { return nil }
        var index = keyword + 8
        while index < end, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains(head[index]) { index += 1 }
        guard index < end, head[index] == UInt8(ascii: "\"") || head[index] == UInt8(ascii: "'") else { return nil }
        let quote = head[index]
        let value = head[(index + 1)..<end].prefix { $0 != quote }
        return String(decoding: value, as: UTF8.self)
    }
}
