import Foundation

/// URL-safe names: lowercase ASCII letters, digits and single hyphens.
package enum Slug {
    /// `Île de Ré 2024` → `ile-de-re-2024`. Empty results become `fallback`.
    package static func make(from text: String, fallback: String = "untitled") -> String {
        // Folding accents away needs Foundation; plain ASCII (most file names) does not.
        let folded = text.utf8.allSatisfy { $0 < 0x80 }
            ? text : text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let isWordCharacter = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if isWordCharacter {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                slug.unicodeScalars.append(scalar)
                pendingHyphen = false
            } else if scalar >= "A" && scalar <= "Z" {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                slug.unicodeScalars.append(Unicode.Scalar(scalar.value + 32) ?? scalar)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        if slug.count > 80 {
            slug = String(slug.prefix(80))
            while slug.hasSuffix("-") { slug.removeLast() }
        }
        return slug.isEmpty ? fallback : slug
    }

    /// Makes each name unique among `taken`, deterministically: `sunset`, `sunset-2`, `sunset-3`.
    /// Returns the unique slug; the caller warns when it differs from the wanted one.
    package static func unique(_ wanted: String, taken: inout Set<String>) -> String {
        if taken.insert(wanted).inserted { return wanted }
        var counter = 2
        while !taken.insert("\(wanted)-\(counter)").inserted { counter += 1 }
        return "\(wanted)-\(counter)"
    }
}
