extension Rendition {
    /// The width a file name states with an `@<digits>w` suffix before its extension
    /// (`IMG_1@800w.jpg` -> 800), when it is a plausible width.
    package static func width(fromName name: String) -> Int? {
        let bytes = Array(name.utf8)
        let fileStart = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        let file = bytes[fileStart...]
        let stemEnd = file.lastIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        guard stemEnd > fileStart, bytes[stemEnd - 1] == UInt8(ascii: "w"),
            let at = bytes[fileStart..<(stemEnd - 1)].lastIndex(of: UInt8(ascii: "@"))
        else { return nil }
        let digits = bytes[(at + 1)..<(stemEnd - 1)]
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        var width = 0
        for digit in digits {
            guard digit >= 0x30, digit <= 0x39 else { return nil }
            width = width * 10 + Int(digit - 0x30)
        }
        return width >= 1 && width <= Sidecar.maximumDimension ? width : nil
    }
}
