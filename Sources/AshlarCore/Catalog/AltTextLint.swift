import Foundation

/// Alt text that says nothing: a file name or a camera's automatic name (`IMG_2041`, `DSC01234`,
/// `P1010042.JPG`), which a screen reader would read out as noise.
public enum AltTextLint {
    /// Whether `alt` is only a file name or camera-generated name; `fileName` is the photo's own.
    public static func isMeaningless(_ alt: String, fileName: String) -> Bool {
        let text = alt.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return true }
        let lowered = text.lowercased()
        let name = fileName.lowercased()
        if lowered == name || lowered == PhotoFiles.baseName(of: name) { return true }
        // A bare file name with an image extension.
        if !text.contains(" "), PhotoFiles.imageExtensions.contains(PhotoFiles.fileExtension(of: lowered)) { return true }
        return looksLikeCameraName(PhotoFiles.imageExtensions.contains(PhotoFiles.fileExtension(of: lowered)) ? PhotoFiles.baseName(of: lowered) : lowered)
    }

    /// Letters-then-digits names cameras and phones give: `img_2041`, `dsc01234`, `dscn0042`,
    /// `_mg_1234`, `p1010042`, `pxl_20240601_183000123`, `gopr0042`, `dji_0042`.
    static func looksLikeCameraName(_ text: String) -> Bool {
        let prefixes = ["img", "dsc", "dscn", "dscf", "_mg", "mg", "p", "pxl", "gopr", "dji", "imag", "photo", "pic", "image", "screenshot"]
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index].properties.isAlphabetic || scalars[index] == "_" { index += 1 }
        let letters = String(String.UnicodeScalarView(scalars[0..<index])).trimmingCharacters(in: CharacterSet(charactersIn: "_-"))
        guard prefixes.contains(letters) || (letters.isEmpty && index == 0) else { return false }
        let rest = scalars[index...]
        guard rest.count >= 3 else { return false }
        return rest.allSatisfy { ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-" || $0 == " " }
    }
}
