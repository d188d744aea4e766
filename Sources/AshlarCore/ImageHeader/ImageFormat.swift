/// The image formats Ashlar reads headers of, detected from their first bytes.
package enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg
    case png
    case gif
    case webp
    case avif

    /// The format's name in messages: `JPEG`, `WebP`.
    package var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .avif: "AVIF"
        }
    }

    /// The file extensions of the format, lowercased.
    package var fileExtensions: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg"]
        case .png: ["png"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .avif: ["avif"]
        }
    }

    /// Every extension of every format: the files a folder's photos are.
    package static let allFileExtensions = Set(allCases.flatMap(\.fileExtensions))

    /// What a file in none of the formats is: `not a JPEG/PNG/GIF/WebP/AVIF image`.
    static let unrecognized = "not a " + allCases.map(\.name).joined(separator: "/") + " image"
}
