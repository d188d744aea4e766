/// The image formats a gallery holds, each knowing its file extensions, media type and signature,
/// and what this library does with it. Everything that depends on a format switches over this
/// type, so the next format is found by the compiler rather than by a user.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case png
    case gif
    case webp
    case avif
    /// HEIF with HEVC-coded images: what iPhones write (`.heic`), and other cameras' `.heif`/`.hif`.
    case heic

    /// The format's name in messages: `JPEG`, `WebP`.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .avif: "AVIF"
        case .heic: "HEIC"
        }
    }

    /// The file extensions of the format, lowercased; the first is the one files are written with.
    public var fileExtensions: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg"]
        case .png: ["png"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .avif: ["avif"]
        case .heic: ["heic", "heif", "hif"]
        }
    }

    /// The extension a file of this format is written with: `jpg`, `png`.
    public var fileExtension: String { fileExtensions[0] }

    /// The media type a server sends it with.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .heic: "image/heic"
        }
    }

    /// Whether this library decodes it (and so can make renditions of it).
    public var canDecode: Bool {
        switch self {
        case .jpeg, .png, .heic: true
        case .gif, .webp, .avif: false
        }
    }

    /// Whether this library writes it (renditions, originals without their location).
    public var canEncode: Bool {
        switch self {
        case .jpeg, .png: true
        case .gif, .webp, .avif, .heic: false
        }
    }

    /// Whether the format can hold transparency (an alpha channel or a transparent colour).
    public var supportsTransparency: Bool {
        switch self {
        case .jpeg: false
        case .png, .gif, .webp, .avif, .heic: true
        }
    }

    /// The format whose extensions include `fileExtension`, in any case.
    public init?(fileExtension: some StringProtocol) {
        let lowercased = fileExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(lowercased) }) else { return nil }
        self = format
    }

    /// Every extension of every format: the files a folder's photos are.
    public static let allFileExtensions = Set(allCases.flatMap(\.fileExtensions))

    /// The format the first bytes of a file are in, from its signature (magic bytes), whatever the
    /// file is named. An ISO BMFF file (`ftyp` box) is AVIF when its major or a compatible brand
    /// is `avif` or `avis` (among the brands in `bytes`), else HEIC when one is a HEIF brand
    /// (``heifBrands``); MP4, QuickTime and Canon's CR3 are neither.
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        func matches(_ text: String, at offset: Int) -> Bool {
            let utf8 = Array(text.utf8)
            return bytes.count >= offset + utf8.count && bytes[offset..<(offset + utf8.count)].elementsEqual(utf8)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: pngSignature) { return .png }
        if matches("GIF87a", at: 0) || matches("GIF89a", at: 0) { return .gif }
        if matches("RIFF", at: 0), matches("WEBP", at: 8) { return .webp }
        if matches("ftyp", at: 4) {
            let brands = isoBrands(bytes)
            if brands.contains("avif") || brands.contains("avis") { return .avif }
            return brands.contains(where: heifBrands.contains) ? .heic : nil
        }
        return nil
    }

    /// The major and compatible brands of the ISO BMFF `ftyp` box `bytes` start with, as far as
    /// `bytes` hold them.
    public static func isoBrands(_ bytes: [UInt8]) -> [String] {
        guard bytes.count >= 8, bytes[4..<8].elementsEqual("ftyp".utf8) else { return [] }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(size, bytes.count)
        return stride(from: 8, to: end - 3, by: 4).filter { $0 != 12 }.map {
            String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self)
        }
    }

    /// The `ftyp` brands of HEIF images with HEVC (ISO/IEC 23008-12 Annex B) and of HEIF images
    /// in general (`mif1`, `msf1`: the image items then say which codec).
    public static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "mif1", "msf1"]

    /// The eight bytes every PNG file starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A message from this library about a file of this format, naming the format where the
    /// message does not already: `PNG: 'IDAT' chunk has a bad CRC`.
    public func describing(_ error: ImageError) -> String {
        error.message.hasPrefix(name) ? error.message : name + ": " + error.message
    }
}
