/// SHA-256 (FIPS 180-4), streamed: what the rendition cache keys a photo by, so that two
/// different files never share renditions, and what ``HMACSHA256`` signs with.
///
/// `update` takes bytes in pieces of any size; `finish` pads and returns the 32-byte digest.
package struct SHA256: Sendable {
    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes (§4.2.2).
    private static let constants: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]

    /// The digest's length in bytes.
    package static let byteCount = 32
    /// The block the compression function takes, in bytes.
    package static let blockSize = 64

    /// The first 32 bits of the fractional parts of the square roots of the first 8 primes (§5.3.3).
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19
    )
    /// Bytes of an unfinished block.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() {
        pending.reserveCapacity(Self.blockSize)
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(Self.blockSize - pending.count, bytes.count)
            pending += bytes[0..<taken]
            offset = taken
            guard pending.count == Self.blockSize else { return }
            let block = pending
            block.withUnsafeBytes { compress($0, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let blocks = (bytes.count - offset) / Self.blockSize
        if blocks > 0 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[offset...]), blocks: blocks)
            offset += blocks * Self.blockSize
        }
        pending += bytes[offset...]
    }

    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    package mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of everything added: the message padded with a 1 bit, zeros and its length in
    /// bits (§5.1.1).
    package func finish() -> [UInt8] {
        var copy = self
        var tail = copy.pending
        tail.append(0x80)
        while tail.count % Self.blockSize != 56 { tail.append(0) }
        let bits = length &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> shift)) }
        tail.withUnsafeBytes { copy.compress($0, blocks: tail.count / Self.blockSize) }
        let (a, b, c, d, e, f, g, h) = copy.state
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.byteCount)
        for word in [a, b, c, d, e, f, g, h] {
            digest += [
                UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
            ]
        }
        return digest
    }

    /// The 32-byte digest of `bytes`.
    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finish()
    }

    /// The digest of `bytes` as 64 lowercase hexadecimal digits.
    package static func hex(_ bytes: [UInt8]) -> String {
        hexDigits(hash(bytes))
    }

    /// `bytes` as lowercase hexadecimal digits, two a byte.
    package static func hexDigits(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// One round (§6.2.2 step 3) with the working variables named where they stand this round:
    /// `d` gains `t1`, `h` becomes the new `a`; the others only move, which the caller does by
    /// naming them in turn. Ch and Maj in their equivalent forms of fewer operations.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
        _ h: inout UInt32, _ constantAndWord: UInt32
    ) {
        let t1 = h &+ (e.rotated(6) ^ e.rotated(11) ^ e.rotated(25)) &+ (g ^ (e & (f ^ g))) &+ constantAndWord
        let t2 = (a.rotated(2) ^ a.rotated(13) ^ a.rotated(22)) &+ ((a & b) ^ (c & (a ^ b)))
        d = d &+ t1
        h = t1 &+ t2
    }

    /// The compression function (§6.2.2) over `blocks` whole blocks at the start of `bytes`.
    private mutating func compress(_ bytes: UnsafeRawBufferPointer, blocks: Int) {
        Self.constants.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var (a, b, c, d, e, f, g, h) = state
                for block in 0..<blocks {
                    let base = block * Self.blockSize
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: base + t * 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let s0 = w[t - 15].rotated(7) ^ w[t - 15].rotated(18) ^ (w[t - 15] &>> 3)
                        let s1 = w[t - 2].rotated(17) ^ w[t - 2].rotated(19) ^ (w[t - 2] &>> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    let start = (a, b, c, d, e, f, g, h)
                    var t = 0
                    while t < 64 {
                        Self.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                        Self.round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
                        Self.round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
                        Self.round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
                        Self.round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
                        Self.round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
                        Self.round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
                        Self.round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
                        t += 8
                    }
                    a = a &+ start.0
                    b = b &+ start.1
                    c = c &+ start.2
                    d = d &+ start.3
                    e = e &+ start.4
                    f = f &+ start.5
                    g = g &+ start.6
                    h = h &+ start.7
                }
                state = (a, b, c, d, e, f, g, h)
            }
        }
    }
}

extension UInt32 {
    /// Rotated right by `count` bits.
    @inline(__always)
    fileprivate func rotated(_ count: UInt32) -> UInt32 {
        (self &>> count) | (self &<< (32 &- count))
    }
}
