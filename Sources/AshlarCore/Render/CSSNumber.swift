/// Fixed, locale-free number formatting for CSS and messages: at most `digits` decimals,
/// trailing zeros dropped, never exponent notation, never `-0`.
public enum CSSNumber {
    public static func format(_ value: Double, digits: Int = 4) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(Int64(value.rounded())) }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let whole = units / Int64(scale)
        var fraction = units % Int64(scale)
        var text = (value < 0 ? "-" : "") + String(whole)
        if fraction > 0 {
            var fractionDigits = digits
            while fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
            let raw = String(fraction)
            text += "." + String(repeating: "0", count: fractionDigits - raw.count) + raw
        }
        return text
    }
}
