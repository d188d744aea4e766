/// A title read from a photo's file name, for photos no sidecar or embedded metadata names:
/// `Moody_Skies.jpeg` → "Moody Skies", `été-à-l'île.jpg` → "Été à l'île". Names cameras and
/// phones invent (`IMG_1234`, `DSC01234`, `PXL_20240101_123456789`, `Screenshot 2024-01-01 at
/// 10.00.00`, digits, dates, UUIDs) say nothing and give no title.
///
/// Such a title is not alt text a person wrote: pages may use it where they would otherwise say
/// "Photo 2 of 4", but `ashlar check` still reports the photo's alt text as missing.
package enum FileNameTitle {
    /// The leading letters of the names cameras, phones and their apps give files, with spaces
    /// and separators removed: `IMG_`, `DSC`, `_MG_`, `PXL_`, `GOPR`, `GH01`, `P100`, `MVIMG_`,
    /// `Screenshot`, `Screen Shot`, `WhatsApp Image` and the like.
    static let cameraPrefixes: Set<String> = [
        "img", "image", "imag", "dsc", "dscf", "dscn", "dsci", "mg", "pxl", "dji", "gopr", "gp", "gh", "gx",
        "p", "r", "mvimg", "vid", "pano", "dcim", "wp", "pict", "cimg", "sdc", "dcp", "hpim", "kif", "sam",
        "photo", "pic", "picture", "screenshot", "screenshots", "scan", "whatsappimage", "signal", "snapchat",
        "imge", "mvi", "mov",
    ]
    /// Names programs give a file whatever it shows (`FullSizeRender.jpg` from iOS, `untitled-1`),
    /// with or without a number.
    static let placeholderNames: Set<String> = [
        "fullsizerender", "untitled", "image", "img", "photo", "picture", "pic", "screenshot", "download", "scan",
        "export", "unknown",
    ]
    /// Words a camera or phone adds after its number: `PXL_…_123.PORTRAIT`, `IMG_1234-Edit`,
    /// `Screenshot … at 10.00.00 PM`.
    static let cameraSuffixes: Set<String> = [
        "at", "am", "pm", "portrait", "night", "mp", "burst", "cover", "edit", "edited", "hdr", "pano", "copy",
        "original", "ls", "top", "hevc",
    ]

    /// The title `fileName` gives, or nil when it is a name a camera invented or has no letters.
    package static func title(fromFileName fileName: String) -> String? {
        let base = withoutExtension(fileName)
        guard !isInvented(base) else { return nil }
        let separatesWords = !base.contains(" ") && !base.contains("_")
        let characters = Array(base)
        var text = ""
        for (index, character) in characters.enumerated() {
            switch character {
            case "_":
                text.append(" ")
            case "-", ".":
                // Between words in a name with no other separator; kept between digits (dates,
                // versions) and inside words of a name that has spaces.
                let betweenDigits =
                    index > 0 && index + 1 < characters.count && characters[index - 1].isNumberASCIIFirst
                    && characters[index + 1].isNumberASCIIFirst
                text.append(separatesWords && !betweenDigits ? " " : character)
            default:
                // Control characters (a file name may hold any byte but `/` and NUL) are dropped.
                if character.isWhitespace {
                    text.append(" ")
                } else if !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    text.append(character)
                }
            }
        }
        let words = text.split(separator: " ")
        guard let first = words.first?.first else { return nil }
        let joined = words.joined(separator: " ")
        return first.uppercased() + joined.dropFirst()
    }

    /// The name without an extension of one to five letters or digits (`.jpeg`, `.CR3`), and
    /// without a sidecar's before it (`sunset.jpg.json`); a name whose last dot starts something
    /// else (`St. Ives`) is kept whole.
    static func withoutExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        let ext = name[name.index(after: dot)...]
        guard (1...5).contains(ext.count),
            ext.allSatisfy({ $0.isASCII && ($0.isLetterASCIIFirst || $0.isNumberASCIIFirst) })
        else {
            return name
        }
        let base = String(name[..<dot])
        return ["json", "xmp"].contains(ext.lowercased()) ? withoutExtension(base) : base
    }

    /// Whether `base` is a name a camera, phone or program made up: only digits, dates and times;
    /// a UUID or a long hexadecimal hash; or a camera prefix followed by numbers.
    package static func isInvented(_ base: String) -> Bool {
        let tokens = base.lowercased().split { !($0.isLetterASCIIFirst || $0.isNumberASCIIFirst) }.map(String.init)
        guard tokens.contains(where: { $0.contains(where: \.isLetterASCIIFirst) }) else { return true }
        if placeholderNames.contains(String(tokens.joined().filter(\.isLetterASCIIFirst))) { return true }
        let hexDigits = tokens.joined()
        if hexDigits.count >= 16, hexDigits.allSatisfy(\.isHexDigit), hexDigits.contains(where: \.isNumberASCIIFirst) {
            return true
        }
        return hasCameraPrefix(tokens)
    }

    /// `IMG_1234`, `DSC01234`, `IMG-20240101-WA0001`, `Screen Shot 2024-01-01 at 1.00.00 PM`: the
    /// leading letters (across letter-only words) are a camera prefix, then come numbers, short
    /// codes such as `WA0001`, and the words cameras add.
    static func hasCameraPrefix(_ tokens: [String]) -> Bool {
        var prefix = ""
        var rest = tokens[...]
        while let token = rest.first, token.allSatisfy(\.isLetterASCIIFirst) {
            prefix += token
            rest = rest.dropFirst()
        }
        if let token = rest.first, let digit = token.firstIndex(where: \.isNumberASCIIFirst) {
            prefix += token[..<digit]
            rest[rest.startIndex] = String(token[digit...])
        }
        guard cameraPrefixes.contains(prefix), let number = rest.first, number.allSatisfy(\.isNumberASCIIFirst) else {
            return false
        }
        return rest.dropFirst().allSatisfy { token in
            if token.allSatisfy(\.isNumberASCIIFirst) || cameraSuffixes.contains(token) { return true }
            let letters = token.prefix(while: \.isLetterASCIIFirst)
            return letters.count <= 3 && token.dropFirst(letters.count).allSatisfy(\.isNumberASCIIFirst)
        }
    }
}
