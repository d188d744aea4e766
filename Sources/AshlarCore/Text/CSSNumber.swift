/// Fixed, locale-free number formatting for CSS and messages: at most `digits` decimals,
/// trailing zeros dropped, never exponent notation, never `-0`.
package enum CSSNumber {
    package static func format(_ value: Double, digits: Int = 4) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(value, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the formatted number's ASCII bytes; used where many numbers make one string.
    package static func append(_ value: Double, digits: Int = 4, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9e15 else {
            appendWhole(value.rounded(), to: &bytes)
            return
        }
        let units = Int64(scaled)
        if units == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(units / scale, to: &bytes)
        var fraction = units % scale
        guard fraction > 0 else { return }
        var fractionDigits = digits
        while fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var divisor: Int64 = 1
        for _ in 1..<fractionDigits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((fraction / divisor) % 10))
            divisor /= 10
        }
    }

    /// Appends the exact decimal digits of a whole, finite `value`, however large: a sidecar or
    /// `ashlar.json` may hold a number such as `1e308`, beyond `Int64`.
    private static func appendWhole(_ value: Double, to bytes: inout [UInt8]) {
        if let exact = Int64(exactly: value) {
            append(exact, to: &bytes)
            return
        }
        // The significand times a power of two, worked out in base-10⁹ limbs, least significant first.
        let base: UInt64 = 1_000_000_000
        let significand = value.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        var limbs = [significand % base, significand / base % base, significand / base / base]
        for _ in 0..<(Int(value.exponent) - Double.significandBitCount) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % base
                carry = doubled / base
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(Int64(limbs[limbs.count - 1]), to: &bytes)
        for limb in limbs.dropLast().reversed() {
            var divisor = base / 10
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(limb / divisor % 10))
                divisor /= 10
            }
        }
    }

    /// Appends a whole number's decimal digits.
    package static func append(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let start = bytes.count
        while magnitude > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        bytes[start...].reverse()
    }
}
