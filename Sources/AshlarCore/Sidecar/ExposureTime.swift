/// Exposure times written the way photographers and exiftool write them: `1/250` below a
/// quarter of a second, seconds with at most one decimal from there up (`0.5`, `2`, `2.5`).
public enum ExposureTime {
    /// The text for a time in seconds, or nil when it is not a plausible exposure
    /// (not positive, shorter than 1/1000000 s, or longer than a day).
    public static func text(seconds: Double) -> String? {
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
    public static func normalized(_ text: String) -> String? {
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
}

/// Rational numbers as EXIF and XMP write them: `28/10`, `5.6`, `23`.
enum Rational {
    /// The value of `n/d` or of a plain decimal number; nil for anything else or a zero divisor.
    static func value(of text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        if let slash = trimmed.firstIndex(of: "/") {
            guard let numerator = Double(trimmed[..<slash]),
                let denominator = Double(trimmed[trimmed.index(after: slash)...]), denominator != 0
            else { return nil }
            let value = numerator / denominator
            return value.isFinite ? value : nil
        }
        guard let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        // Most text has nothing to trim: an ASCII letter, digit or mark at both ends.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
