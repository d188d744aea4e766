/// When a photo was taken, as its metadata states it: a local date and time, with the UTC offset
/// when the source gives one. Never the file's modification time and never the build clock.
package struct PhotoDate: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
    /// Minutes east of UTC, when known.
    package var utcOffsetMinutes: Int?

    package init(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
        utcOffsetMinutes: Int? = nil
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Parses ISO 8601 (`2024-06-01`, `2024-06-01T18:30`, `2024-06-01T18:30:00`,
    /// with optional fractional seconds and `Z` or `±hh:mm`) and EXIF's `2024:06:01 18:30:00`.
    /// Returns nil for anything else, or for an impossible date (month 13, February 30).
    package init?(parsing text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func take(_ allowed: UInt8...) -> Bool {
            guard index < bytes.count, allowed.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        let dash = UInt8(ascii: "-")
        let colon = UInt8(ascii: ":")
        guard let year = number(4), take(dash, colon), let month = number(2), take(dash, colon),
            let day = number(2)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var offset: Int?
        if take(UInt8(ascii: "T"), UInt8(ascii: " "), UInt8(ascii: "t")) {
            guard let h = number(2), take(colon), let m = number(2) else { return nil }
            hour = h
            minute = m
            if take(colon) {
                guard let s = number(2) else { return nil }
                second = s
                if take(UInt8(ascii: "."), UInt8(ascii: ",")) {
                    let fractionStart = index
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                    if index == fractionStart { return nil }
                }
            }
            if take(UInt8(ascii: "Z"), UInt8(ascii: "z")) {
                offset = 0
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == dash {
                let sign = bytes[index] == dash ? -1 : 1
                index += 1
                guard let oh = number(2) else { return nil }
                _ = take(colon)
                let om = number(2) ?? 0
                guard oh <= 14, om < 60 else { return nil }
                offset = sign * (oh * 60 + om)
            }
        }
        guard index == bytes.count else { return nil }
        guard (1...12).contains(month), day >= 1, day <= PhotoDate.daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 61, year >= 1
        else { return nil }
        self.init(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            utcOffsetMinutes: offset)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// ISO 8601, as written into `<time datetime>`: `2024-06-01T18:30:00` or `…+02:00`.
    package var iso8601: String {
        // Built as bytes: every page of every photo shows its date.
        var text: [UInt8] = []
        text.reserveCapacity(25)
        Self.append(year, width: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.append(month, width: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.append(day, width: 2, to: &text)
        text.append(UInt8(ascii: "T"))
        Self.append(hour, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.append(minute, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.append(second, width: 2, to: &text)
        if let offset = utcOffsetMinutes {
            if offset == 0 {
                text.append(UInt8(ascii: "Z"))
            } else {
                text.append(UInt8(ascii: offset < 0 ? "-" : "+"))
                Self.append(abs(offset) / 60, width: 2, to: &text)
                text.append(UInt8(ascii: ":"))
                Self.append(abs(offset) % 60, width: 2, to: &text)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `value` in decimal, with zeros in front up to `width` characters.
    private static func append(_ value: Int, width: Int, to text: inout [UInt8]) {
        guard value >= 0 else {
            let digits = Array(String(value).utf8)
            if digits.count < width { text += repeatElement(UInt8(ascii: "0"), count: width - digits.count) }
            text += digits
            return
        }
        // Digits straight into `text`, highest first, with no array of their own: three dates
        // are written for every photo of a build.
        var divisor = 1
        var count = 1
        while divisor <= value / 10 {
            divisor *= 10
            count += 1
        }
        if count < width { text += repeatElement(UInt8(ascii: "0"), count: width - count) }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    package var description: String { iso8601 }

    /// Orders by the local wall-clock time the photographer saw, then by offset: photos from one
    /// trip sort as they were taken even when only some of them carry an offset.
    package static func < (lhs: PhotoDate, rhs: PhotoDate) -> Bool {
        let l = (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
        let r = (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
        if l != r { return l < r }
        return (lhs.utcOffsetMinutes ?? Int.min) < (rhs.utcOffsetMinutes ?? Int.min)
    }
}
