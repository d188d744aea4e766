import AshlarTemplate

/// `site.icons`: the icons the build made of `icon` in `ashlar.json`.
struct SiteIcons: TemplateValueConvertible {
    /// the 32 × 32 PNG favicon
    var favicon: String
    /// the 180 × 180 PNG touch icon (`apple-touch-icon`)
    var touch: String
    /// the 192 × 192 PNG icon
    var icon192: String
    /// the 512 × 512 PNG icon
    var icon512: String

    /// The output paths of the icons, under `assets/`.
    static let files: [(path: String, size: Int)] = [
        ("assets/favicon-32.png", 32), ("assets/apple-touch-icon.png", 180), ("assets/icon-192.png", 192),
        ("assets/icon-512.png", 512),
    ]

    init(prefix: String) {
        favicon = prefix + Self.files[0].path
        touch = prefix + Self.files[1].path
        icon192 = prefix + Self.files[2].path
        icon512 = prefix + Self.files[3].path
    }

    var templateValue: TemplateValue {
        .object([
            "favicon": .string(favicon), "touch": .string(touch), "icon192": .string(icon192),
            "icon512": .string(icon512),
        ])
    }
}
