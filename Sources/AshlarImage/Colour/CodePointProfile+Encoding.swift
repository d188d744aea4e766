/// The ICC byte layout (ICC.1:2022): header, tag table, tag data, all big-endian, each tag's data
/// starting on a 4-byte boundary.
extension CodePointProfile {
    /// The profile: a 128-byte header, the tag table, then each tag's data.
    static func assemble(_ tags: [(signature: String, data: [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        var table: [UInt8] = []
        appendUInt32(UInt32(tags.count), to: &table)
        let dataStart = 128 + 4 + 12 * tags.count
        var offsets: [[UInt8]: Int] = [:]
        for tag in tags {
            // Equal data is written once, as Apple's profiles share one curve among three tags.
            let offset =
                offsets[tag.data]
                ?? {
                    let offset = dataStart + body.count
                    body += tag.data
                    while body.count % 4 != 0 { body.append(0) }
                    offsets[tag.data] = offset
                    return offset
                }()
            table += Array(tag.signature.utf8)
            appendUInt32(UInt32(offset), to: &table)
            appendUInt32(UInt32(tag.data.count), to: &table)
        }
        var profile: [UInt8] = []
        appendUInt32(UInt32(dataStart + body.count), to: &profile)
        profile += [0, 0, 0, 0] // preferred CMM: none
        profile += [0x04, 0x30, 0, 0] // version 4.3
        profile += Array("mntrRGB XYZ ".utf8)
        // 2026-01-01 00:00:00: fixed, so that the bytes depend on the code points alone.
        for field: UInt16 in [2026, 1, 1, 0, 0, 0] { appendUInt16(field, to: &profile) }
        profile += Array("acsp".utf8)
        profile += [UInt8](repeating: 0, count: 4 + 4 + 4 + 4 + 8) // platform, flags, maker, model, attributes
        appendUInt32(0, to: &profile) // rendering intent: perceptual
        for value in d50XYZ { appendFixed(value, to: &profile) }
        profile += [UInt8](repeating: 0, count: 4 + 16 + 28) // creator, profile ID (not computed), reserved
        return profile + table + body
    }

    /// A `mluc` tag of one English record.
    static func textType(_ text: String) -> [UInt8] {
        var data = Array("mluc".utf8) + [0, 0, 0, 0]
        let utf16 = Array(text.utf16)
        appendUInt32(1, to: &data)
        appendUInt32(12, to: &data)
        data += Array("enUS".utf8)
        appendUInt32(UInt32(utf16.count * 2), to: &data)
        appendUInt32(28, to: &data)
        for unit in utf16 { appendUInt16(unit, to: &data) }
        return data
    }

    /// An `XYZ ` tag of one value.
    static func xyzType(_ xyz: [Double]) -> [UInt8] {
        var data = Array("XYZ ".utf8) + [0, 0, 0, 0]
        for value in xyz { appendFixed(value, to: &data) }
        return data
    }

    /// An `sf32` tag of a 3×3 matrix, row by row.
    static func matrixType(_ matrix: ColourMatrix) -> [UInt8] {
        var data = Array("sf32".utf8) + [0, 0, 0, 0]
        for value in matrix.rows.joined() { appendFixed(value, to: &data) }
        return data
    }

    /// A `para` tag: function type 0 (one parameter, a gamma) or 3 (g, a, b, c, d: the sRGB shape).
    static func parametricCurve(_ parameters: [Double]) -> [UInt8] {
        var data = Array("para".utf8) + [0, 0, 0, 0]
        appendUInt16(parameters.count == 1 ? 0 : 3, to: &data)
        data += [0, 0]
        for value in parameters { appendFixed(value, to: &data) }
        return data
    }

    /// An s15Fixed16Number.
    static func appendFixed(_ value: Double, to data: inout [UInt8]) {
        appendUInt32(UInt32(bitPattern: Int32((value * 65536).rounded())), to: &data)
    }

    static func appendUInt32(_ value: UInt32, to data: inout [UInt8]) {
        data += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func appendUInt16(_ value: UInt16, to data: inout [UInt8]) {
        data += [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
