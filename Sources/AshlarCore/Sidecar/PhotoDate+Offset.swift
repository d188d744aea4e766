extension PhotoDate {
    /// Minutes east of UTC for an offset written `+02:00`, `-0530`, `+02` or `Z`; nil otherwise.
    static func utcOffsetMinutes(parsing text: String) -> Int? {
        let bytes = Array(text.trimmingSpaces.utf8)
        if bytes == [UInt8(ascii: "Z")] || bytes == [UInt8(ascii: "z")] { return 0 }
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return nil
        }
        let values = digits.map { Int($0 - 0x30) }
        let hours = values[0] * 10 + values[1]
        let minutes = digits.count == 4 ? values[2] * 10 + values[3] : 0
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    /// This date with `minutes` as its offset when it has none.
    func withOffsetIfMissing(_ minutes: Int?) -> PhotoDate {
        var date = self
        if date.utcOffsetMinutes == nil { date.utcOffsetMinutes = minutes }
        return date
    }

    /// Whether the text is the all-zero placeholder (`0000:00:00 00:00:00`) that cameras without
    /// a set clock write.
    static func isPlaceholder(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces
        return !trimmed.isEmpty && trimmed.allSatisfy { $0 == "0" || $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" }
    }
}
