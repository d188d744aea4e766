/// The Adler-32 checksum that ends a zlib stream (RFC 1950 §8).
struct Adler32: Sendable {
    private(set) var value: UInt32 = 1

    /// The checksum of `bytes` alone.
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }

    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var a = value & 0xFFFF
        var b = value >> 16
        var index = 0
        let count = bytes.count
        while index < count {
            // 5,552 is the most bytes after which `b` still fits in 32 bits before the modulo (RFC 1950).
            let end = min(index + 5552, count)
            while index + 8 <= end {
                a &+= UInt32(base[index])
                b &+= a
                a &+= UInt32(base[index + 1])
                b &+= a
                a &+= UInt32(base[index + 2])
                b &+= a
                a &+= UInt32(base[index + 3])
                b &+= a
                a &+= UInt32(base[index + 4])
                b &+= a
                a &+= UInt32(base[index + 5])
                b &+= a
                a &+= UInt32(base[index + 6])
                b &+= a
                a &+= UInt32(base[index + 7])
                b &+= a
                index += 8
            }
            while index < end {
                a &+= UInt32(base[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        value = b << 16 | a
    }
}
