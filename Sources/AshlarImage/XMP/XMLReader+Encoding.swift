extension XMLReader {
    /// The offset of the first byte that is not part of valid UTF-8 or that encodes a scalar XML
    /// does not allow (control characters other than tab, LF and CR; U+FFFE; U+FFFF), and why.
    static func firstInvalidCharacter(in buffer: UnsafeBufferPointer<UInt8>) -> (offset: Int, reason: String)? {
        do {
            var index = 0
            let count = buffer.count
            while index < count {
                // Eight ASCII bytes at a time; only tab, LF and CR may be below U+0020.
                if index + 8 <= count {
                    let word = UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if word & highBits == 0 {
                        guard hasZeroByte(word & (lowBits &* 0xE0)) else {
                            index += 8
                            continue
                        }
                        let controls = zeroBytes(word & (lowBits &* 0xE0))
                        let allowed =
                            zeroBytes(word ^ (lowBits &* 0x09)) | zeroBytes(word ^ (lowBits &* 0x0A))
                            | zeroBytes(word ^ (lowBits &* 0x0D))
                        if controls & ~allowed == 0 {
                            index += 8
                            continue
                        }
                    }
                }
                let lead = buffer[index]
                if lead < 0x80 {
                    if lead < 0x20, lead != 0x09, lead != 0x0A, lead != 0x0D {
                        return (index, "invalid character \(scalarName(UInt32(lead)))")
                    }
                    index += 1
                    continue
                }
                let length: Int
                var lower: UInt8 = 0x80
                var upper: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: (length, lower) = (3, 0xA0)
                case 0xED: (length, upper) = (3, 0x9F)
                case 0xE1...0xEF: length = 3
                case 0xF0: (length, lower) = (4, 0x90)
                case 0xF4: (length, upper) = (4, 0x8F)
                case 0xF1...0xF3: length = 4
                default: return (index, invalidByte(lead))
                }
                guard index + length <= count else { return (index, invalidByte(lead)) }
                let second = buffer[index + 1]
                guard second >= lower, second <= upper else { return (index, invalidByte(lead)) }
                for offset in 2..<max(2, length) where buffer[index + offset] & 0xC0 != 0x80 {
                    return (index, invalidByte(lead))
                }
                if lead == 0xEF, second == 0xBF, buffer[index + 2] >= 0xBE {
                    return (index, "invalid character \(scalarName(0xFFFE + UInt32(buffer[index + 2] - 0xBE)))")
                }
                index += length
            }
            return nil
        }
    }

    private static func invalidByte(_ byte: UInt8) -> String {
        "invalid UTF-8 byte 0x" + hex(UInt32(byte), digits: 2)
    }

    /// `U+0001`, `U+FFFE`.
    private static func scalarName(_ value: UInt32) -> String {
        "U+" + hex(value, digits: 4)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
