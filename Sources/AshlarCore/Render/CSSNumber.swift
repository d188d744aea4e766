/// Fixed, locale-free number formatting for CSS and messages: at most `digits` decimals,
/// trailing zeros dropped, never exponent notation, never `-0`.
public enum CSSNumber {
    public static func format(_ value: Double, digits: Int = 4) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(value, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the formatted number's ASCII bytes; used where many numbers make one string.
    public static func append(_ value: Double, digits: Int = 4, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9e15 else {
            if let whole = Int64(exactly: value.rounded()) {
                append(whole, to: &bytes)
            } else {
                appendBeyondInt64(value, to: &bytes)
            }
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

    /// Appends the exact digits of a finite value too large for `Int64` (`1e300` in a message about
    /// a misconfigured number). Such a value is whole: its 53-bit significand doubled
    /// `exponent - 52` times.
    private static func appendBeyondInt64(_ value: Double, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: [UInt8] = []  // least significant first
        var significand = value.significandBitPattern | (1 << 52)
        while significand > 0 {
            digits.append(UInt8(significand % 10))
            significand /= 10
        }
        for _ in 0..<(Int(value.exponent) - 52) {
            var carry: UInt8 = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        bytes.append(contentsOf: digits.reversed().map { UInt8(ascii: "0") + $0 })
    }

    /// Appends a whole number's decimal digits.
    public static func append(_ value: Int64, to bytes: inout [UInt8]) {
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
