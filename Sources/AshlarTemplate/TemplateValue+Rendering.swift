extension TemplateValue {
    /// Whether a section shows (and an inverted section hides) for this value.
    ///
    /// The spec makes `null`, `false` and the empty list falsey. It is silent on
    /// empty strings and zero; like mustache.js, Ashlar treats `""`, `0` and NaN
    /// as falsey too, so `{{#caption}}…{{/caption}}` hides an empty caption.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .array(let values): !values.isEmpty
        case .object: true
        }
    }

    /// The text an interpolation tag writes for this value, before escaping.
    ///
    /// Integral numbers print without a fraction (`85`), others in Swift's
    /// shortest round-trip form (`1.21`). Null, lists and objects print nothing.
    public var interpolationText: String {
        switch self {
        case .null, .array, .object: ""
        case .bool(let value): value ? "true" : "false"
        case .number(let value): Self.text(for: value)
        case .string(let value): value
        }
    }

    static func text(for number: Double) -> String {
        // A plain range check and truncating conversion: no libm rounding calls needed.
        // NaN fails both comparisons.
        if number > -0x1p63 && number < 0x1p63 {
            let integer = Int64(number)
            if Double(integer) == number {
                return String(integer)
            }
        }
        return number.description
    }
}
