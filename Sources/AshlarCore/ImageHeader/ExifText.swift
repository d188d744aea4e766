/// The text fields of an image's EXIF, as written, and what they mean for a photo's metadata.
struct ExifText: Sendable, Equatable {
    var imageDescription: String?
    var artist: String?
    var copyright: String?
    var userComment: String?
    var xpTitle: String?
    var xpComment: String?
    var xpSubject: String?
    var xpKeywords: String?
    var xpAuthor: String?

    /// What cameras write into `ImageDescription` or `UserComment` when the photographer wrote
    /// nothing: a caption that says so would be worse than none.
    static let cameraDefaults: Set<String> = [
        "olympus digital camera", "sony dsc", "konica minolta digital camera", "minolta digital camera",
        "digital camera", "samsung digital camera", "samsung camera pictures", "kodak digital still camera",
        "default", "dcim", "lg digital camera", "sanyo digital camera", "hp digital camera",
    ]

    /// The fields as metadata: the caption from `ImageDescription`, else `XPComment`, else
    /// `UserComment`, else `XPSubject`; the creator from `Artist`, else `XPAuthor`; tags from
    /// `XPKeywords` (separated by `;`). Nil when there is nothing.
    var metadata: PhotoMetadata? {
        var metadata = PhotoMetadata()
        metadata.caption = [imageDescription, xpComment, userComment, xpSubject].lazy.compactMap(Self.caption).first
        metadata.title = xpTitle
        metadata.creator = artist ?? xpAuthor.flatMap(Self.authors)
        metadata.rights = copyright
        if let keywords = xpKeywords {
            var tags: [String] = []
            for keyword in keywords.split(separator: ";") {
                let tag = String(keyword).trimmingSpaces
                if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
            }
            metadata.tags = tags.isEmpty ? nil : tags
        }
        return metadata == PhotoMetadata() ? nil : metadata
    }

    private static func caption(_ text: String?) -> String? {
        guard let text, !cameraDefaults.contains(text.lowercased()) else { return nil }
        return text
    }

    /// Windows separates several authors with `;`; nil when there are none (`";"`).
    private static func authors(_ text: String) -> String? {
        let names = text.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// UTF-8 when valid, else Latin-1 (what older cameras and tools write).
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        String(validating: bytes, as: UTF8.self) ?? String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    /// UTF-16 up to the first NUL (a last odd byte is padding); nil for unpaired surrogates.
    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String? {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            let unit = bigEndian ? first << 8 | second : second << 8 | first
            if unit == 0 { break }
            units.append(unit)
            index += 2
        }
        var text = ""
        var decoder = UTF16()
        var iterator = units.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        return text
    }

    /// Trimmed text, or nil when only spaces (or nothing) remain.
    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }
}
