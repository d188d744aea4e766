/// A camera (or lens) named as photographers name it: the make, then the model, without the
/// company's legal suffix and without the make said twice ("SONY ILCE-7RM3", "Canon EOS R5",
/// "NIKON Z 6" from "NIKON CORPORATION" and "NIKON Z 6", "LEICA Q2" from "LEICA CAMERA AG").
package enum CameraName {
    /// Words a make ends with that say what kind of company it is, not which.
    static let companyWords: Set<String> = [
        "ag", "camera", "co", "company", "corp", "corporation", "electric", "gmbh", "imaging", "inc",
        "incorporated", "kg", "limited", "llc", "ltd", "optical", "sa", "spa",
    ]

    /// `make` and `model` joined; either alone when the other is missing or blank.
    package static func joined(make: String?, model: String?) -> String? {
        let model = model?.trimmingSpaces ?? ""
        let make = brand(make?.trimmingSpaces ?? "")
        if make.isEmpty { return model.isEmpty ? nil : model }
        if model.isEmpty { return make }
        return names(model, brand: make) ? model : make + " " + model
    }

    /// The make without the company words it ends with: "NIKON CORPORATION" → "NIKON",
    /// "OLYMPUS OPTICAL CO.,LTD" → "OLYMPUS"; the make as written when nothing else is left.
    static func brand(_ make: String) -> String {
        var words = split(make) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ",") }
        while let last = words.last, words.count > 1, companyWords.contains(Self.word(last)) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// Whether the model already says the make: its first word is one of the brand's words
    /// ("Canon EOS R5", "KODAK EASYSHARE" for "EASTMAN KODAK"), or it starts with the brand.
    static func names(_ model: String, brand: String) -> Bool {
        // A brand has a word or two: an array beats hashing them into a set.
        let brandWords = split(brand) { $0 == UInt8(ascii: " ") }.map(Self.word)
        if let first = split(model, { $0 == UInt8(ascii: " ") }).first, brandWords.contains(Self.word(first)) {
            return true
        }
        return model.lowercased().hasPrefix(brand.lowercased())
    }

    /// `text`'s words, split where `isSeparator` says: by bytes when `text` is ASCII (a
    /// `Character` split walks grapheme breaks, thousands of instructions a name), by characters
    /// otherwise, so that a separator followed by a combining mark stays one character.
    static func split(_ text: String, _ isSeparator: (UInt8) -> Bool) -> [Substring] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split { $0.asciiValue.map(isSeparator) ?? false }
        }
        return text.utf8.split(whereSeparator: isSeparator).map { Substring($0) }
    }

    /// A word lowercased, without the punctuation around it: "CO.," → "co", "S.p.A." → "spa".
    static func word(_ text: Substring) -> String {
        // Makes and models are ASCII: bytes are compared there, where a `Character`'s Unicode
        // properties cost a few hundred instructions each (a 10,000-photo site's pages spent
        // 2.5 % of their build here). The same letters and digits either way (`CameraNameTests`).
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return unicodeWord(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``word(_:)`` for any text, by Unicode's letters and numbers.
    static func unicodeWord(_ text: Substring) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
