import Testing

@testable import AshlarImage

@Suite struct HMACSHA256Tests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var name: String
        var key: [UInt8]
        var message: [UInt8]
        var code: String
        var testDescription: String { name }
    }

    /// RFC 4231 §4's test cases for HMAC-SHA-256 (case 5, a truncated code, compares the prefix).
    static let rfc4231: [Vector] = [
        Vector(
            name: "1", key: [UInt8](repeating: 0x0B, count: 20), message: Array("Hi There".utf8),
            code: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(
            name: "2: a key shorter than the code", key: Array("Jefe".utf8),
            message: Array("what do ya want for nothing?".utf8),
            code: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(
            name: "3", key: [UInt8](repeating: 0xAA, count: 20), message: [UInt8](repeating: 0xDD, count: 50),
            code: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(
            name: "4", key: Array(1...25), message: [UInt8](repeating: 0xCD, count: 50),
            code: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Vector(
            name: "5: truncated", key: [UInt8](repeating: 0x0C, count: 20),
            message: Array("Test With Truncation".utf8), code: "a3b6167473100ee06e0c796c2955552b"),
        Vector(
            name: "6: a key larger than a block", key: [UInt8](repeating: 0xAA, count: 131),
            message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            code: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Vector(
            name: "7: a larger key and message", key: [UInt8](repeating: 0xAA, count: 131),
            message: Array(
                "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
                    .utf8),
            code: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test(arguments: rfc4231)
    func matchesRFC4231(_ vector: Vector) {
        let code = SHA256.hexDigits(HMACSHA256.code(key: vector.key, message: vector.message))
        #expect(code.hasPrefix(vector.code))
    }

    @Test func verifiesOnlyTheRightCode() {
        let key = Array("secret".utf8)
        let message = Array("renditions 1 2 3".utf8)
        var code = HMACSHA256.code(key: key, message: message)
        #expect(HMACSHA256.verify(code, key: key, message: message))
        #expect(!HMACSHA256.verify(code, key: Array("secreT".utf8), message: message))
        #expect(!HMACSHA256.verify(Array(code.dropLast()), key: key, message: message))
        code[31] ^= 1
        #expect(!HMACSHA256.verify(code, key: key, message: message))
    }
}
