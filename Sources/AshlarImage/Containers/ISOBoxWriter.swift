/// Writes ISO BMFF boxes (ISO/IEC 14496-12 §4.2): a 32-bit size, the type, then the body; a full
/// box's body starts with its version and 24-bit flags. Big-endian throughout.
enum ISOBoxWriter {
    /// A box of `type` (four ASCII characters) around `body`; its size must fit 32 bits.
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        var box: [UInt8] = []
        box.reserveCapacity(8 + body.count)
        appendUInt32(UInt32(truncatingIfNeeded: 8 + body.count), to: &box)
        box += type.utf8.prefix(4)
        return box + body
    }

    /// A full box: `version` and `flags`, then `body`.
    static func fullBox(_ type: String, _ body: [UInt8], version: UInt8 = 0, flags: UInt32 = 0) -> [UInt8] {
        box(type, [version, UInt8(flags >> 16 & 0xFF), UInt8(flags >> 8 & 0xFF), UInt8(flags & 0xFF)] + body)
    }

    static func appendUInt32(_ value: UInt32, to data: inout [UInt8]) {
        data += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func appendUInt16(_ value: UInt16, to data: inout [UInt8]) {
        data += [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
