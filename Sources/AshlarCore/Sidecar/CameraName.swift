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
        var words = make.split(whereSeparator: { $0 == " " || $0 == "," })
        while let last = words.last, words.count > 1, companyWords.contains(Self.word(last)) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// Whether the model already says the make: its first word is one of the brand's words
    /// ("Canon EOS R5", "KODAK EASYSHARE" for "EASTMAN KODAK"), or it starts with the brand.
    static func names(_ model: String, brand: String) -> Bool {
        let brandWords = Set(brand.split(separator: " ").map(Self.word))
        if let first = model.split(separator: " ").first, brandWords.contains(Self.word(first)) { return true }
        return model.lowercased().hasPrefix(brand.lowercased())
    }

    /// A word lowercased, without the punctuation around it: "CO.," → "co", "S.p.A." → "spa".
    private static func word(_ text: Substring) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
