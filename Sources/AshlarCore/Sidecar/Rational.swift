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
