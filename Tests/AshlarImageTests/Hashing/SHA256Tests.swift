import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

@Suite struct SHA256Tests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var name: String
        var message: [UInt8]
        var digest: String
        var testDescription: String { name }
    }

    /// FIPS 180-4's examples (NIST's "SHA256.pdf" and "SHA2_Additional.pdf"): one block, two
    /// blocks, a message that fills a block to the byte where padding no longer fits, a million
    /// bytes.
    static let nist: [Vector] = [
        Vector(name: "empty", message: [], digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        Vector(
            name: "abc", message: Array("abc".utf8),
            digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        Vector(
            name: "448 bits",
            message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            digest: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        Vector(
            name: "896 bits",
            message: Array(
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
                    .utf8),
            digest: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        Vector(
            name: "one byte 0xbd", message: [0xBD],
            digest: "68325720aabd7c82f30f554b313d0570c95accbb7dc4b5aae11204c08ffe732b"),
        Vector(
            name: "four bytes", message: [0xC9, 0x8C, 0x8E, 0x55],
            digest: "7abc22c0ae5af26ce93dbb94433a0e0b2e119d014f8e7f65bd56c61ccccd9504"),
        Vector(
            name: "55 zero bytes", message: [UInt8](repeating: 0, count: 55),
            digest: "02779466cdec163811d078815c633f21901413081449002f24aa3e80f0b88ef7"),
        Vector(
            name: "56 zero bytes", message: [UInt8](repeating: 0, count: 56),
            digest: "d4817aa5497628e7c77e6b606107042bbba3130888c5f47a375e6179be789fbb"),
        Vector(
            name: "57 zero bytes", message: [UInt8](repeating: 0, count: 57),
            digest: "65a16cb7861335d5ace3c60718b5052e44660726da4cd13bb745381b235a1785"),
        Vector(
            name: "64 zero bytes", message: [UInt8](repeating: 0, count: 64),
            digest: "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b"),
        Vector(
            name: "1000 zero bytes", message: [UInt8](repeating: 0, count: 1000),
            digest: "541b3e9daa09b20bf85fa273e5cbd3e80185aa4ec298e765db87742b70138a53"),
        Vector(
            name: "1000 bytes 0x41", message: [UInt8](repeating: 0x41, count: 1000),
            digest: "c2e686823489ced2017f6059b8b239318b6364f6dcd835d0a519105a1eadd6e4"),
        Vector(
            name: "1005 bytes 0x55", message: [UInt8](repeating: 0x55, count: 1005),
            digest: "f4d62ddec0f3dd90ea1380fa16a5ff8dc4c54b21740650f24afc4120903552b0"),
        Vector(
            name: "a million a", message: [UInt8](repeating: 0x61, count: 1_000_000),
            digest: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ]

    @Test(arguments: nist)
    func matchesNISTExamples(_ vector: Vector) {
        #expect(SHA256.hex(vector.message) == vector.digest)
    }

    /// The same digest whatever pieces the message arrives in.
    @Test func piecesDoNotMatter() {
        var random = SeededGenerator(seed: 256)
        for _ in 0..<200 {
            let message = (0..<Int.random(in: 0..<700, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            var hasher = SHA256()
            var offset = 0
            while offset < message.count {
                let count = min(Int.random(in: 0...130, using: &random), message.count - offset)
                hasher.update(Array(message[offset..<offset + count]))
                offset += count
            }
            #expect(hasher.finish() == SHA256.hash(message), "\(message.count) bytes")
        }
    }

    /// Random messages of every length around the block boundaries and some long ones, against
    /// coreutils' `sha256sum` (a reference every Linux has).
    @Test func matchesSha256sumOnRandomMessages() throws {
        var random = SeededGenerator(seed: 180_4)
        let lengths = Array(0...200) + [447, 448, 511, 512, 513, 4095, 4096, 65_537, 1 << 20, 3 << 20 | 17]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var expected: [String] = []
        for (index, length) in lengths.enumerated() {
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            try Data(message).write(to: folder.appendingPathComponent("\(index)"))
            expected.append(SHA256.hex(message))
        }
        let reference = try ReferenceDigest.sha256sum(lengths.indices.map { "\($0)" }, in: folder)
        try #require(reference.count == lengths.count)
        for index in lengths.indices {
            #expect(expected[index] == reference[index], "\(lengths[index]) bytes")
        }
    }
}
