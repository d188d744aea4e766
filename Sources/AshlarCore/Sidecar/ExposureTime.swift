/// Exposure times written the way photographers and exiftool write them: `1/250` below a
/// quarter of a second, seconds with at most one decimal from there up (`0.5`, `2`, `2.5`).
package enum ExposureTime {
    /// The text for a time in seconds, or nil when it is not a plausible exposure
    /// (not positive, shorter than 1/1000000 s, or longer than a day).
    package static func text(seconds: Double) -> String? {
        guard seconds.isFinite, seconds > 0, seconds <= 86_400 else { return nil }
        if seconds < 0.25001 {
            let denominator = (1 / seconds).rounded()
            guard denominator <= 1_000_000 else { return nil }
            return "1/\(Int(denominator))"
        }
        let tenths = (seconds * 10).rounded()
        let whole = Int(tenths) / 10
        let fraction = Int(tenths) % 10
        return fraction == 0 ? "\(whole)" : "\(whole).\(fraction)"
    }

    /// Normalises a written exposure: `1/250`, `10/2500`, `0.004`, `2.5`, `1/250 s`, `2s`.
    /// Nil when the text is not an exposure time.
    package static func normalized(_ text: String) -> String? {
        if isNormalizedFraction(text) { return text }
        var trimmed = Substring(text.trimmingSpaces)
        for suffix in ["sec", "s"] where trimmed.hasSuffix(suffix) {
            trimmed = trimmed.dropLast(suffix.count)
            break
        }
        let body = String(trimmed).trimmingSpaces
        if let slash = body.firstIndex(of: "/") {
            guard let numerator = Double(body[..<slash]), let denominator = Double(body[body.index(after: slash)...]),
                numerator > 0, denominator > 0
            else { return nil }
            if numerator == 1, denominator == denominator.rounded(), denominator >= 1, denominator <= 1_000_000 {
                return denominator < 4 ? Self.text(seconds: 1 / denominator) : "1/\(Int(denominator))"
            }
            return Self.text(seconds: numerator / denominator)
        }
        guard let seconds = Double(body) else { return nil }
        return Self.text(seconds: seconds)
    }

    /// Whether `text` is written as `normalized` writes it back, `1/N` with N from 4 to 1,000,000
    /// and no zero in front: most exposures, every photo's, need no parsing.
    private static func isNormalizedFraction(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "1"), bytes.next() == UInt8(ascii: "/") else { return false }
        var denominator = 0
        var digits = 0
        while let byte = bytes.next() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 7,
                digits > 0 || byte != UInt8(ascii: "0")
            else { return false }
            denominator = denominator * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return denominator >= 4 && denominator <= 1_000_000
    }
}
