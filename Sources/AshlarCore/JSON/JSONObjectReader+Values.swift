/// Typed values. Each accessor returns nil, having reported why, for a value it refuses; the
/// key-based ones also return nil, silently, for a key that is not given. Values inside lists are
/// read with the value-based ones, at their own place (`.item("tags", 2)`).
extension JSONObjectReader {
    mutating func string(_ key: String) -> String? {
        read(key) { $0.string($1, at: $2) }
    }

    /// A string that `parse` turns into a value; a string it refuses is reported as
    /// `'KEY' REQUIREMENT, found "…"` (`'sort' must be one of …`).
    mutating func string<Value>(_ key: String, _ requirement: String, _ parse: (String) -> Value?) -> Value? {
        read(key) { reader, value, place in
            guard let text = reader.string(value, at: place) else { return nil }
            guard let parsed = parse(text) else {
                reader.reject(value, at: place, must: requirement)
                return nil
            }
            return parsed
        }
    }

    /// A string that `check` turns into a value, or into the requirement it breaks, reported as
    /// `'KEY' REQUIREMENT, found "…"`: for values that can be wrong in more than one way.
    mutating func string<Value>(_ key: String, checkedBy check: (String) -> Result<Value, Requirement>) -> Value? {
        read(key) { reader, value, place in
            guard let text = reader.string(value, at: place) else { return nil }
            switch check(text) {
            case .success(let parsed):
                return parsed
            case .failure(let requirement):
                reader.reject(value, at: place, must: requirement.words, quoting: requirement.quotesValue)
                return nil
            }
        }
    }

    /// What a value must be, in the words of a finding: "must not hold a user name or password".
    struct Requirement: Error {
        var words: String
        /// False for a value that must not be repeated in a log (it holds a password).
        var quotesValue = true
    }

    mutating func bool(_ key: String) -> Bool? {
        read(key) { reader, value, place in
            guard let flag = value.boolValue else {
                reader.reject(value, at: place, expected: "true or false")
                return nil
            }
            return flag
        }
    }

    /// Any number, or one in `range` (reported as `expected`, by default "a number from A to B").
    mutating func number(_ key: String, in range: ClosedRange<Double>? = nil, expected: String? = nil) -> Double? {
        read(key) { reader, value, place in
            guard let number = value.numberValue, range?.contains(number) ?? true else {
                let words = expected ?? range.map(Self.numberRange) ?? "a number"
                reader.reject(value, at: place, expected: words)
                return nil
            }
            return number
        }
    }

    private static func numberRange(_ range: ClosedRange<Double>) -> String {
        "a number from \(CSSNumber.format(range.lowerBound)) to \(CSSNumber.format(range.upperBound))"
    }

    mutating func positiveNumber(_ key: String) -> Double? {
        read(key) { $0.positiveNumber($1, at: $2) }
    }

    /// A whole number in `range` (reported as `expected`, by default "a whole number from A to B").
    mutating func integer(_ key: String, in range: ClosedRange<Int>, expected: String? = nil) -> Int? {
        read(key) { reader, value, place in
            guard let number = value.numberValue, number == number.rounded(),
                number >= Double(range.lowerBound), number <= Double(range.upperBound)
            else {
                let words = expected ?? "a whole number from \(range.lowerBound) to \(range.upperBound)"
                reader.reject(value, at: place, expected: words)
                return nil
            }
            return Int(number)
        }
    }

    /// A whole number from 1 to `maximum`.
    mutating func positiveInteger(_ key: String, maximum: Int = Int(Int32.max)) -> Int? {
        read(key) { $0.positiveInteger($1, at: $2, maximum: maximum) }
    }

    /// The items of a list.
    mutating func list(_ key: String, expected: String = "a list") -> [JSONValue]? {
        read(key) { reader, value, place in
            guard let items = value.arrayValue else {
                reader.reject(value, at: place, expected: expected)
                return nil
            }
            return items
        }
    }

    /// A list of strings or one string; blank items are dropped, repeats kept once.
    mutating func stringList(_ key: String) -> [String]? {
        read(key) { reader, value, place in
            let items: [(JSONValue, Place)]
            switch value.kind {
            case .string: items = [(value, place)]
            case .array(let list): items = list.enumerated().map { ($1, .item(key, $0)) }
            default:
                reader.reject(value, at: place, expected: "a list of strings or a string")
                return nil
            }
            var strings: [String] = []
            for (item, itemPlace) in items {
                guard let text = reader.string(item, at: itemPlace) else { continue }
                let trimmed = text.trimmingSpaces
                if !trimmed.isEmpty, !strings.contains(trimmed) { strings.append(trimmed) }
            }
            return strings
        }
    }

    /// Reads the value of `key`, when given, with `convert(self, value, .member(key))`.
    mutating func read<Value>(_ key: String, _ convert: (inout Self, JSONValue, Place) -> Value?) -> Value? {
        guard let value = value(key) else { return nil }
        return convert(&self, value, .member(key))
    }
}

extension JSONObjectReader {
    mutating func string(_ value: JSONValue, at place: Place) -> String? {
        guard let text = value.stringValue else {
            reject(value, at: place, expected: "a string")
            return nil
        }
        return text
    }

    mutating func positiveNumber(_ value: JSONValue, at place: Place) -> Double? {
        guard let number = value.numberValue, number > 0 else {
            reject(value, at: place, expected: "a positive number")
            return nil
        }
        return number
    }

    mutating func positiveInteger(_ value: JSONValue, at place: Place, maximum: Int = Int(Int32.max)) -> Int? {
        guard let number = value.numberValue, number == number.rounded(), number >= 1 else {
            reject(value, at: place, expected: "a positive whole number")
            return nil
        }
        guard number <= Double(maximum) else {
            reject(value, at: place, expected: "at most \(maximum)")
            return nil
        }
        return Int(number)
    }
}

extension JSONObjectReader {
    /// Exposure compensation in EV: a number, or a string as cameras and exiftool write it
    /// (`"-1/3"`, `"+0.7"`), from −20 to 20.
    mutating func exposureCompensation(_ value: JSONValue, at place: Place) -> Double? {
        let number: Double? =
            switch value.kind {
            case .number(let number): number
            case .string(let text): Rational.value(of: text)
            default: nil
            }
        guard let number, ExifFields.exposureCompensations.contains(number) else {
            reject(value, at: place, expected: "an exposure compensation in EV from -20 to 20, like -0.7 or \"-2/3\"")
            return nil
        }
        return number
    }
}
