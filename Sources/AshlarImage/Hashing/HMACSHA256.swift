/// HMAC with SHA-256 (RFC 2104, FIPS 198-1): what signs the rendition cache's sets when a build
/// is given a key (`ASHLAR_CACHE_KEY`), so that a set written without the key is made again.
package enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key` (a key longer than a block is
    /// hashed first, a shorter one padded with zeros).
    package static func code(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > SHA256.blockSize ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5C })
        outer.update(inner.finish())
        return outer.finish()
    }

    /// Whether `code` is `message`'s code under `key`, compared in time that does not depend on
    /// where they differ.
    package static func verify(_ code: [UInt8], key: [UInt8], message: [UInt8]) -> Bool {
        let expected = Self.code(key: key, message: message)
        guard code.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= code[index] ^ expected[index] }
        return difference == 0
    }
}
