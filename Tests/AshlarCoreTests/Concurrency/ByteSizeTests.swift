import Testing

@testable import AshlarCore

/// `--memory` and `"memory"` sizes: binary units, strict, no overflow.
@Suite struct ByteSizeTests {
    static let kib = 1024
    static let mib = 1024 * kib
    static let gib = 1024 * mib
    static let parsed: [(String, Int)] = [
        ("192M", 192 * mib), ("4G", 4 * gib), ("1.5G", 3 * gib / 2), ("512K", 512 * kib), ("1T", 1024 * gib),
        ("1000", 1000), ("0", 0), ("192m", 192 * mib), ("2GiB", 2 * gib), ("2gb", 2 * gib), ("0.5K", 512),
        ("1.25M", 5 * mib / 4), ("0.1K", 102), ("8589934591G", 8_589_934_591 * gib),
    ]
    static let formatted: [(Int, String)] = [
        (3 * gib / 2, "1.5 GiB"), (192 * mib, "192 MiB"), (512 * kib, "512 KiB"), (100, "100 bytes"), (1, "1 byte"),
        (gib - 1, "1023.9 MiB"), (1024 * gib, "1 TiB"), (Int.max, "8388607.9 TiB"), (0, "0 bytes"),
    ]

    @Test(arguments: parsed)
    func parses(text: String, bytes: Int) {
        #expect(ByteSize.parse(text) == bytes)
    }

    @Test(arguments: [
        "", "M", "G", "-1M", "+1M", "1.5", "1.M", ".5M", "1.5.5G", "1 M", " 1M", "1M ", "1X", "1MM", "1B", "100iB",
        "1e3", "0x10", "１M", "8589934592G", "99999999999999999999", "1.1234567890G", "NaN",
    ])
    func refuses(text: String) {
        #expect(ByteSize.parse(text) == nil)
    }

    @Test(arguments: formatted)
    func formats(bytes: Int, text: String) {
        #expect(ByteSize.format(bytes) == text)
    }
}
