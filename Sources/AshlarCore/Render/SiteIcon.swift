import AshlarImage

/// The favicon and touch icons made from the square PNG or JPEG `ashlar.json`'s `icon` names:
/// PNGs of 32, 180, 192 and 512 pixels (`SiteIcons.files`), decoded, resized and encoded by
/// AshlarImage. Pure: it takes the file's bytes.
enum SiteIcon {
    /// The icon files, or the error naming `displayPath` that says why there are none.
    static func make(_ bytes: [UInt8], displayPath: String) -> Result<[OutputFile], PageError> {
        let decoded: DecodedImage
        do throws(ImageError) {
            switch ImageFormat.detect(bytes) {
            case .png: decoded = try PNGDecoder.decode(bytes, limits: limits)
            case .jpeg: decoded = try JPEGDecoder.decode(bytes, limits: limits)
            default:
                return .failure(PageError(.error("the icon must be a PNG or JPEG image", path: displayPath)))
            }
        } catch {
            return .failure(PageError(.error("the icon cannot be read: \(error.message)", path: displayPath)))
        }
        let image = decoded.image
        guard image.width == image.height else {
            return .failure(
                PageError(
                    .error("the icon must be square, found \(image.width) × \(image.height) pixels", path: displayPath))
            )
        }
        let colour = Self.rgba(image)
        return .success(
            SiteIcons.files.map { file in
                let resized = Resampler.resize(colour, width: file.size, height: file.size)
                return OutputFile(path: file.path, contents: .bytes(PNGEncoder.encode(resized)))
            })
    }

    /// Bumped when the icons made of the same file change (sizes, resampling, encoding).
    static let version = "icons-1"

    /// Where the manifest keeps the icons' signature, beside the albums'.
    static let signatureKey = "assets/icons"

    /// What the icons are made from: the file's bytes and `version`.
    static func signature(of bytes: [UInt8]) -> String {
        var fingerprint = Fingerprint()
        fingerprint.add(version)
        fingerprint.add(bytes)
        return fingerprint.hex
    }

    /// At most 4096 × 4096: an icon has no use for more, and a build must not decode a poster.
    static let limits: ImageLimits = {
        var limits = ImageLimits.default
        limits.maxPixels = 4096 * 4096
        return limits
    }()

    /// The image as RGBA, so grey icons and icons without transparency come out alike.
    private static func rgba(_ image: PixelImage) -> PixelImage {
        guard image.format != .rgba else { return image }
        var pixels = [UInt8](repeating: 255, count: image.width * image.height * 4)
        let channels = image.format.channels
        for index in 0..<(image.width * image.height) {
            let source = index * channels
            let target = index * 4
            switch image.format {
            case .gray, .grayAlpha:
                pixels[target] = image.pixels[source]
                pixels[target + 1] = image.pixels[source]
                pixels[target + 2] = image.pixels[source]
                if image.format == .grayAlpha { pixels[target + 3] = image.pixels[source + 1] }
            case .rgb, .rgba:
                pixels[target] = image.pixels[source]
                pixels[target + 1] = image.pixels[source + 1]
                pixels[target + 2] = image.pixels[source + 2]
            }
        }
        return PixelImage(width: image.width, height: image.height, format: .rgba, pixels: pixels)
    }
}
