/// The CRC-32 every PNG chunk ends with (ISO 3309, polynomial 0xEDB88320), computed eight
/// bytes at a time with eight tables ("slicing by 8") so large `IDAT` chunks cost little.
package enum CRC32 {
    /// `tables[k][b]` is the CRC of byte `b` followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            tables[byte] = crc
        }
        for byte in 0..<256 {
            for k in 1..<8 {
                let previous = tables[(k - 1) * 256 + byte]
                tables[k * 256 + byte] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    /// The CRC of `bytes`, continuing from `crc` (the CRC of what came before, 0 at the start).
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        return tables.withUnsafeBufferPointer { table in
            // Every index below is a byte (0...255) plus a multiple of 256 under 2,048: in range.
            let t = table.baseAddress!
            var c = ~crc
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                let low =
                    c
                    ^ (UInt32(base[index]) | UInt32(base[index + 1]) << 8
                        | UInt32(base[index + 2]) << 16 | UInt32(base[index + 3]) << 24)
                c =
                    t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(base[index + 4])] ^ t[2 * 256 + Int(base[index + 5])]
                    ^ t[1 * 256 + Int(base[index + 6])] ^ t[Int(base[index + 7])]
                index += 8
            }
            while index < count {
                c = t[Int((c ^ UInt32(base[index])) & 0xFF)] ^ (c >> 8)
                index += 1
            }
            return ~c
        }
    }

    package static func checksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { checksum($0, continuing: crc) }
    }
}
