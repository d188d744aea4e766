/// Writes PNG files without compression (deflate "stored" blocks): for `ashlar init`'s
/// placeholder photo, and for tests that need real images of a given size.
enum PNGFile {
    /// A PNG of `width` × `height` with the given bit depth and colour type (2: RGB, 3: indexed,
    /// with `palette`). `scanlines` are the raw rows, each led by its filter byte; nil writes an
    /// empty `IDAT`, a file whose header alone is right.
    static func encode(
        width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, palette: [UInt8]? = nil, scanlines: [UInt8]?
    ) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // No compression method, filter method or interlace to choose: all 0.
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colourType, 0, 0, 0])
        if let palette { png += chunk("PLTE", palette) }
        png += chunk("IDAT", scanlines.map(zlibStored) ?? [])
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

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
