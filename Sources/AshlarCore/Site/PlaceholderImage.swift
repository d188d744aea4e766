/// A small, valid PNG for `ashlar init`'s example album: diagonal bands in four muted colours,
/// 3:2, stored without compression (about 15 KB).
enum PlaceholderImage {
    static let width = 300
    static let height = 200

    static func png() -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // 2-bit indexed colour, no interlace.
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [2, 3, 0, 0, 0])
        let palette: [UInt8] = [0x5B, 0x6C, 0x7D, 0x8A, 0x9B, 0x8C, 0xC4, 0xB4, 0x9A, 0xE3, 0xDC, 0xD1]
        png += chunk("PLTE", palette)
        var raw: [UInt8] = []
        let rowBytes = (width * 2 + 7) / 8
        raw.reserveCapacity((rowBytes + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width {
                let band = UInt8(((x + y) / 40) % 4)
                row[x / 4] |= band << (6 - 2 * UInt8(x % 4))
            }
            raw += row
        }
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// zlib with uncompressed ("stored") deflate blocks.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            out.append(offset + length >= bytes.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += bytes[offset..<(offset + length)]
            offset += length
        } while offset < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
