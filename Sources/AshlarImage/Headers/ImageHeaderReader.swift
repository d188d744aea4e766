/// Reads an image's size, orientation and a little EXIF from the first bytes of the file,
/// without reading the whole file. The format comes from the magic bytes, not the extension.
///
/// The readers are pure: they take a prefix of the file and say how many more bytes they need
/// when it is too short (a JPEG's frame header can sit after large APP segments).
package enum ImageHeaderReader {
    /// The longest prefix a reader ever asks for: 4 MiB.
    package static let maximumPrefix = 4 << 20

    /// The longest side an image may have, in pixels: a header that says more is refused (and a
    /// sidecar that says more, by AshlarCore).
    package static let maximumDimension = 100_000

    /// A prefix length that holds the whole header of nearly every real file.
    package static let typicalPrefix = 64 << 10

    /// Reads the header from `prefix`, the first bytes of the file.
    /// - Parameters:
    ///   - fileSize: the file's length when known; a prefix of that length is the whole file,
    ///     so a header that does not fit is truncated rather than in need of more bytes.
    package static func read(_ prefix: [UInt8], fileSize: Int? = nil) -> ImageHeaderResult {
        let available = fileSize.map { min($0, prefix.count) } ?? prefix.count
        let isWholeFile = fileSize.map { prefix.count >= $0 } ?? false
        guard let format = ImageFormat.detect(prefix) else {
            // A failed copy or download leaves an empty file; "not an image" would send the user
            // looking for the wrong problem.
            if isWholeFile, prefix.isEmpty { return .failure("the file is empty") }
            if !isWholeFile, prefix.count < 16, couldStartAnImage(prefix) {
                return .needsMoreBytes(16)
            }
            // An `ftyp` box cut short may still name the AVIF brand.
            if !isWholeFile, let size = ByteWindow(prefix).u32(0).map(Int.init), size <= 4096, prefix.count < size,
                ByteWindow(prefix).matches("ftyp", at: 4)
            {
                return .needsMoreBytes(size)
            }
            return .failure(Self.unrecognized)
        }
        let window = ByteWindow(prefix, end: available)
        let whole = available < prefix.count ? Array(prefix[..<available]) : prefix
        let scan: HeaderScan
        switch format {
        case .jpeg: scan = scanJPEG(whole, isWholeFile: isWholeFile)
        case .png: scan = scanPNG(whole, isWholeFile: isWholeFile)
        case .gif: scan = scanGIF(window)
        case .webp: scan = scanWebP(window)
        case .avif, .heic: scan = scanHEIF(window, format: format)
        }
        switch scan {
        case .header(let header):
            return checked(header)
        case .partial(let header, let needed):
            if isWholeFile || needed > (fileSize ?? Int.max) {
                return .failure("truncated \(format.name) header")
            }
            // Extras that lie beyond the cap (a WebP's EXIF after megabytes of image data) are
            // given up rather than read.
            if needed > maximumPrefix { return checked(header) }
            return .needsMoreBytes(max(needed, available + 1))
        case .needs(let needed):
            if isWholeFile { return .failure("truncated \(format.name) header") }
            // The header runs past the end of the file: the whole file gets the reader's own
            // verdict on it, as the decoder would give (when it is within the cap).
            if let fileSize, needed > fileSize, fileSize <= maximumPrefix { return .needsMoreBytes(fileSize) }
            if needed > (fileSize ?? Int.max) { return .failure("truncated \(format.name) header") }
            if needed > maximumPrefix {
                return .failure("\(format.name) header does not end within the first 4 MiB")
            }
            return .needsMoreBytes(max(needed, available + 1))
        case .invalid(let reason):
            return .failure(reason)
        case .notAVIF:
            return .failure(ImageHeaderReader.unrecognized)
        }
    }

    /// Reads the header by asking `readPrefix` for growing prefixes of the file, starting with
    /// `typicalPrefix` bytes. `readPrefix(n)` returns the first `n` bytes, or the whole file when
    /// it is shorter. The I/O stays with the caller; this only decides how much to ask for.
    package static func read(
        fileSize: Int? = nil, readPrefix: (Int) throws -> [UInt8]
    ) rethrows -> ImageHeaderResult {
        var length = min(typicalPrefix, fileSize ?? typicalPrefix)
        while true {
            let prefix = try readPrefix(length)
            let knownSize = prefix.count < length ? prefix.count : fileSize
            let result = read(prefix, fileSize: knownSize)
            guard case .needsMoreBytes(let needed) = result, needed > prefix.count else { return result }
            length = min(max(needed, 2 * length), maximumPrefix, fileSize ?? Int.max)
            if length <= prefix.count { return result }
        }
    }

    private static func checked(_ header: ImageHeader) -> ImageHeaderResult {
        let size = "\(header.width)×\(header.height)"
        if header.width <= 0 || header.height <= 0 {
            return .failure("\(header.format.name) header says \(size)")
        }
        if header.width > maximumDimension || header.height > maximumDimension {
            let limit = "images may be at most \(maximumDimension) pixels on a side"
            return .failure("\(header.format.name) header says \(size); \(limit)")
        }
        return .header(header)
    }

    /// What a file in none of the formats is: `not a JPEG/PNG/GIF/WebP/AVIF/HEIC image`.
    static let unrecognized = "not a " + ImageFormat.allCases.map(\.name).joined(separator: "/") + " image"

    /// Whether a too-short prefix could still be the start of a supported image.
    private static func couldStartAnImage(_ bytes: [UInt8]) -> Bool {
        let magics: [[UInt8?]] = [
            [0xFF, 0xD8, 0xFF],
            ImageFormat.pngSignature,
            Array("GIF8".utf8),
            Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8),
            // An AVIF `ftyp` box is shorter than 4096 bytes, so its size starts with two zeros.
            [0, 0, nil, nil] + Array("ftyp".utf8),
        ]
        return magics.contains { magic in
            zip(bytes, magic).allSatisfy { byte, expected in expected.map { $0 == byte } ?? true }
        }
    }
}
