/// Test support: writes u(n), ue(v), se(v) and rbsp_trailing_bits, to make parameter sets by hand.
struct HEVCTestBitWriter {
    private(set) var bytes: [UInt8] = []
    private var count = 0

    mutating func bits(_ value: Int, _ length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if value >> index & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }

    mutating func ue(_ value: Int) {
        let code = value + 1
        let length = Int.bitWidth - code.leadingZeroBitCount
        bits(0, length - 1)
        bits(code, length)
    }

    mutating func se(_ value: Int) { ue(value > 0 ? 2 * value - 1 : -2 * value) }

    mutating func trailingBits() {
        bits(1, 1)
        while count % 8 != 0 { bits(0, 1) }
    }
}
