/// How a language writes dates and times, from the CLDR (`DateStyle+CLDR.swift` is generated
/// from its JSON), and a formatter of CLDR date patterns that needs no platform library, so a
/// page reads the same wherever it is built.
package struct DateStyle: Sendable, Equatable {
    /// `MMM`: the format-context abbreviated month names, January first.
    package var abbreviatedMonths: [String]
    /// `MMMM`: the format-context wide month names, January first.
    package var wideMonths: [String]
    /// The medium date pattern (`MMM d, y`): what pages show.
    package var mediumDate: String
    /// The long date pattern (`MMMM d, y`).
    package var longDate: String
    /// The short time pattern (`h:mm a`, `HH:mm`).
    package var shortTime: String
    /// The medium date-time pattern gluing a date (`{1}`) and a time (`{0}`): `{1}, {0}`.
    package var dateTime: String
    /// `a` before noon.
    package var am: String
    /// `a` from noon.
    package var pm: String

    /// The patterns `ashlar.json`'s `dateFormat` puts in place of the language's: each nil keeps
    /// the CLDR's.
    package struct Patterns: Sendable, Equatable {
        /// in place of `mediumDate`
        package var date: String?
        /// in place of `shortTime`
        package var time: String?
        /// in place of `dateTime`
        package var dateTime: String?

        package init(date: String? = nil, time: String? = nil, dateTime: String? = nil) {
            self.date = date
            self.time = time
            self.dateTime = dateTime
        }
    }

    /// This style with `patterns` in place of its own.
    package func with(_ patterns: Patterns) -> DateStyle {
        var style = self
        if let date = patterns.date { style.mediumDate = date }
        if let time = patterns.time { style.shortTime = time }
        if let dateTime = patterns.dateTime { style.dateTime = dateTime }
        return style
    }

    /// The letters `format(_:pattern:)` writes a field for.
    package static let fieldLetters: Set<Character> = ["y", "M", "d", "H", "h", "a", "m", "s"]

    /// The letters of `pattern`, outside quotes, that name a field `format(_:pattern:)` does not
    /// write (`E`, the weekday), in the order met, each once.
    package static func unknownFields(in pattern: String) -> [Character] {
        var unknown: [Character] = []
        var quoted = false
        for character in pattern {
            if character == "'" {
                quoted.toggle()
            } else if !quoted, character.isASCII, character.isLetter, !fieldLetters.contains(character),
                !unknown.contains(character)
            {
                unknown.append(character)
            }
        }
        return unknown
    }

    /// A photo's date as its page shows it: the medium date with the short time, glued by the
    /// language's pattern (`Feb 1, 2020, 5:52 PM`, `1 févr. 2020, 17:52`); the date alone at
    /// exactly midnight, which is how a date without a time is held.
    package func text(_ date: PhotoDate) -> String {
        let day = format(date, pattern: mediumDate)
        if date.hour == 0, date.minute == 0, date.second == 0 { return day }
        let time = format(date, pattern: shortTime)
        return Self.glue(dateTime, date: day, time: time)
    }

    /// `{1}` replaced by the date and `{0}` by the time, in one pass (neither is read again).
    static func glue(_ pattern: String, date: String, time: String) -> String {
        var result = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("{1}") {
                result += date
            } else if tail.hasPrefix("{0}") {
                result += time
            } else {
                result += "{"
                rest = rest[rest.index(after: open)...]
                continue
            }
            rest = tail.dropFirst(3)
        }
        return result + rest
    }

    /// `date` written by a CLDR date pattern. Understood: `y` (the year as is), `yy` (its last
    /// two digits), `yyyy` (four or more), `M`/`MM` (the month's number), `MMM`/`MMMM` (its
    /// abbreviated and wide name), `d`/`dd`, `H`/`HH` (0–23), `h`/`hh` (1–12), `a` (AM/PM),
    /// `m`/`mm`, `s`/`ss`, and text in single quotes (`''` is a quote). Other letters are copied
    /// as they are; no pattern this type holds has any.
    package func format(_ date: PhotoDate, pattern: String) -> String {
        var result = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                index += 1
                if index < characters.count, characters[index] == "'" {
                    result.append("'")
                    index += 1
                    continue
                }
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            result.append("'")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    result.append(characters[index])
                    index += 1
                }
                continue
            }
            guard character.isASCII, character.isLetter else {
                result.append(character)
                index += 1
                continue
            }
            var length = 1
            while index + length < characters.count, characters[index + length] == character { length += 1 }
            result += field(character, length: length, of: date)
            index += length
        }
        return result
    }

    /// One pattern field: `length` repetitions of `letter`.
    private func field(_ letter: Character, length: Int, of date: PhotoDate) -> String {
        switch letter {
        case "y": length == 2 ? Self.padded(date.year % 100, to: 2) : Self.padded(date.year, to: length)
        case "M":
            switch length {
            case 1, 2: Self.padded(date.month, to: length)
            case 3: Self.name(of: date.month, in: abbreviatedMonths)
            default: Self.name(of: date.month, in: wideMonths)
            }
        case "d": Self.padded(date.day, to: length)
        case "H": Self.padded(date.hour, to: length)
        case "h": Self.padded(date.hour % 12 == 0 ? 12 : date.hour % 12, to: length)
        case "a": date.hour < 12 ? am : pm
        case "m": Self.padded(date.minute, to: length)
        case "s": Self.padded(date.second, to: length)
        default: String(repeating: letter, count: length)
        }
    }

    private static func padded(_ number: Int, to width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A month's name; its number for a month out of range (which `PhotoDate` never holds).
    private static func name(of month: Int, in names: [String]) -> String {
        names.indices.contains(month - 1) ? names[month - 1] : String(month)
    }
}
