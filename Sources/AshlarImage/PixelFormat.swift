/// The channels of a ``PixelImage`` pixel, 8 bits each.
public enum PixelFormat: Sendable, Equatable, CaseIterable {
    case gray
    case grayAlpha
    case rgb
    case rgba

    /// Samples per pixel.
    public var channels: Int {
        switch self {
        case .gray: 1
        case .grayAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    /// Whether the last channel is alpha.
    public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
}
