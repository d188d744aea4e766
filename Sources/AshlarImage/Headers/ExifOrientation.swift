/// EXIF orientation values (1 to 8) and the other ways tools write them.
package enum ExifOrientation {
    /// exiftool's names for the eight orientations, indexed by value - 1.
    package static let exiftoolNames = [
        "Horizontal (normal)",
        "Mirror horizontal",
        "Rotate 180",
        "Mirror vertical",
        "Mirror horizontal and rotate 270 CW",
        "Rotate 90 CW",
        "Mirror horizontal and rotate 90 CW",
        "Rotate 270 CW",
    ]

    /// The value for exiftool's text (`Rotate 90 CW` -> 6), case-insensitively;
    /// a number written as text (`"6"`) is accepted too.
    package static func value(exiftoolText text: String) -> Int? {
        let trimmed = text.trimmingSpaces
        if let number = Int(trimmed), (1...8).contains(number) { return number }
        let lowered = trimmed.lowercased()
        if let index = exiftoolNames.firstIndex(where: { $0.lowercased() == lowered }) { return index + 1 }
        if lowered == "horizontal" || lowered == "normal" { return 1 }
        return nil
    }

    /// The EXIF orientation equivalent to HEIF's transforms: `irot` turns the stored image
    /// anticlockwise by `rotation` × 90°, then `imir` (when present) mirrors it about a vertical
    /// axis (`mirrorAxis` 0 here: left and right swap, `imir` mode 1) or a horizontal one (1 here:
    /// top and bottom swap, `imir` mode 0).
    package static func value(heifRotation rotation: Int, mirrorAxis: Int?) -> Int {
        let quarterTurns = ((rotation % 4) + 4) % 4
        switch mirrorAxis {
        case nil: return [1, 8, 3, 6][quarterTurns]
        case 0: return [2, 7, 4, 5][quarterTurns]
        default: return [4, 5, 2, 7][quarterTurns]
        }
    }
}
