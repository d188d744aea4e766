/// The few fields of an ICC profile's 128-byte header a rendition needs (ICC.1:2022 §7.2).
public struct ICCProfileHeader: Sendable, Equatable {
    /// The data colour space signature: `RGB `, `GRAY`, `CMYK`, `Lab `…
    public var colourSpace: String
    /// The profile connection space signature: `XYZ ` or `Lab `.
    public var connectionSpace: String
    /// The profile/device class signature: `mntr`, `scnr`, `spac`, `prtr`, `link`…
    public var deviceClass: String

    /// The signature without its padding: `RGB`, `CMYK`.
    public var colourSpaceName: String {
        String(colourSpace.reversed().drop { $0 == " " }.reversed())
    }

    /// Nil when `profile` is too short or does not carry the `acsp` signature at byte 36.
    public init?(_ profile: [UInt8]) {
        guard profile.count >= 128, profile[36..<40].elementsEqual("acsp".utf8) else { return nil }
        colourSpace = String(decoding: profile[16..<20], as: UTF8.self)
        connectionSpace = String(decoding: profile[20..<24], as: UTF8.self)
        deviceClass = String(decoding: profile[12..<16], as: UTF8.self)
    }

    /// Whether a profile of this colour space describes pixels of `format`: an RGB profile for
    /// colour, a grey one for grey. A CMYK photo's profile must not travel into its RGB
    /// renditions, where a browser would either ignore it or misread the colours.
    public func describes(_ format: PixelFormat) -> Bool {
        switch format {
        case .rgb, .rgba: colourSpace == "RGB "
        case .gray, .grayAlpha: colourSpace == "GRAY"
        }
    }
}
