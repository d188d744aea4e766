/// Alt text that says nothing: a file name or a camera's automatic name (`IMG_2041`, `DSC01234`,
/// `P1010042.JPG`), which a screen reader would read out as noise.
package enum AltTextLint {
    /// Whether `alt` is only a file name or camera-generated name; `fileName` is the photo's own.
    package static func isMeaningless(_ alt: String, fileName: String) -> Bool {
        let text = trimmed(alt)
        guard !text.isEmpty else { return true }
        // Three or more words are a description, not a name.
        if text.utf8.count(where: { $0 == UInt8(ascii: " ") }) >= 2 { return false }
        let lowered = text.lowercased()
        let name = fileName.lowercased()
        if lowered == name || lowered == PhotoFiles.baseName(of: name) { return true }
        let hasImageExtension = PhotoFiles.imageExtensions.contains(PhotoFiles.fileExtension(of: lowered))
        if hasImageExtension, !lowered.utf8.contains(UInt8(ascii: " ")) { return true }
        return looksLikeCameraName(hasImageExtension ? PhotoFiles.baseName(of: lowered) : lowered)
    }

    /// Letters-then-digits names cameras and phones give: `img_2041`, `dsc01234`, `dscn0042`,
    /// `_mg_1234`, `p1010042`, `pxl_20240601_183000123`, `gopr0042`, `dji_0042`; and every name
    /// that gives no title (`FileNameTitle.isInvented`: `img-20240101-wa0001`, `fullsizerender`).
    static func looksLikeCameraName(_ text: String) -> Bool {
        if FileNameTitle.isInvented(text) { return true }
        let prefixes: Set<String> = [
            "img", "dsc", "dscn", "dscf", "mg", "p", "pxl", "gopr", "dji", "imag", "photo", "pic", "image",
            "screenshot",
        ]
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, isLetter(bytes[index]) || bytes[index] == UInt8(ascii: "_") { index += 1 }
        let letters = String(decoding: bytes[0..<index].filter(isLetter), as: UTF8.self)
        guard letters.isEmpty || prefixes.contains(letters) else { return false }
        let rest = bytes[index...]
        guard rest.count >= 3 else { return false }
        return rest.allSatisfy {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: " ")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// Without ASCII white space at either end.
    private static func trimmed(_ text: String) -> Substring {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        let utf8 = text.utf8
        guard let start = utf8.firstIndex(where: { !isSpace($0) }), let end = utf8.lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return text[start...end]
    }
}
