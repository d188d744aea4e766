/// Decodes the primary image of a HEIF file to pixels: each coded item through a codec, grid
/// tiles converted into their place, the picture cropped to its `ispe`, converted to RGB by its colour
/// (an `nclx` property, else what the bitstream states), its alpha item attached, and its
/// transforms (`clap`, `irot`, `imir`) applied in order.
package struct HEIFImageDecoder<Codec: HEIFCodedImageDecoding>: Sendable {
    package var codec: Codec
    package var limits: ImageLimits
    /// How many of a grid's tiles are decoded at once, each on a thread of its own (tiles are
    /// coded independently); 1 decodes them in turn on the caller's thread.
    package var tileWorkers: Int

    package init(codec: Codec, limits: ImageLimits = .default, tileWorkers: Int = 1) {
        self.codec = codec
        self.limits = limits
        self.tileWorkers = max(1, tileWorkers)
    }

    /// The primary image, with the ICC profile of its `colr` when it has one, else one written for
    /// the primaries of its `nclx` when they are not sRGB's (``CodePointProfile``).
    package func decode(_ bytes: [UInt8]) throws(ImageError) -> DecodedImage {
        let (file, description) = try Self.primaryImage(of: bytes, limits: limits)
        var icc: [UInt8]?
        var nclx: (matrix: Int, fullRange: Bool)?
        var stated: CodePointProfile?
        for colour in description.colours {
            switch colour {
            case .icc(let profile, _) where icc == nil: icc = profile
            case .nclx(let primaries, let transfer, let matrix, let fullRange) where nclx == nil:
                nclx = (matrix, fullRange)
                stated = CodePointProfile(primaries: primaries, transfer: transfer)
            default: break
            }
        }
        var image = try pixels(of: description, in: file, nclx: nclx, alpha: false)
        if let alphaID = description.alphaItemID {
            let alpha: HEIFImageDescription
            do { alpha = try file.describe(alphaID) } catch { throw ImageError(error) }
            guard alpha.codedWidth == description.codedWidth, alpha.codedHeight == description.codedHeight else {
                throw ImageError(
                    .malformed,
                    "HEIF alpha item \(alphaID) is \(alpha.codedWidth)×\(alpha.codedHeight), the image "
                        + "\(description.codedWidth)×\(description.codedHeight)")
            }
            image = Self.attaching(try pixels(of: alpha, in: file, nclx: nil, alpha: true), to: image)
        }
        guard let transformed = image.applying(description.transforms) else {
            throw ImageError(.malformed, "HEIF item \(description.itemID)'s clean aperture lies outside the image")
        }
        // Without an ICC profile, the primaries and curve `nclx` states become one (Display P3
        // from a phone that writes only `nclx`); sRGB needs none. Grey pixels take no RGB profile.
        let isColour = transformed.format == .rgb || transformed.format == .rgba
        return DecodedImage(image: transformed, iccProfile: icc ?? (isColour ? stated?.iccProfile : nil))
    }

    /// The file read and its primary image described, refused over the pixel limit: what
    /// ``decode(_:)`` checks before it decodes anything (and the rendition layout with it).
    package static func primaryImage(of bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> (
        file: HEIFFile, description: HEIFImageDescription
    ) {
        let file: HEIFFile
        let description: HEIFImageDescription
        do {
            file = try HEIFFile(bytes)
            description = try file.primaryImage()
        } catch {
            throw ImageError(error)
        }
        let (pixels, overflow) = description.codedWidth.multipliedReportingOverflow(by: description.codedHeight)
        guard !overflow, pixels <= limits.maxPixels else {
            throw ImageError(
                .tooLarge,
                "image is \(description.codedWidth)×\(description.codedHeight) pixels, more than the limit of "
                    + "\(limits.maxPixels)")
        }
        return (file, description)
    }

    /// The item's picture before transforms: one coded image, or a grid's tiles converted into one canvas. An alpha
    /// item gives its luma as grey, at full range.
    private func pixels(
        of description: HEIFImageDescription, in file: HEIFFile, nclx: (matrix: Int, fullRange: Bool)?, alpha: Bool
    ) throws(ImageError) -> PixelImage {
        switch description.coding {
        case .single(let item, let codec):
            return try decodeItem(
                item, codec, in: file, width: description.codedWidth, height: description.codedHeight, nclx: nclx,
                alpha: alpha)
        case .grid(let grid, let tiles, let tileWidth, let tileHeight, let codec):
            return try canvas(
                of: description, grid: grid, tiles: tiles, tileSize: (tileWidth, tileHeight), codec: codec, in: file,
                nclx: nclx, alpha: alpha)
        }
    }

    private func decodeItem(
        _ item: UInt32, _ codec: HEIFCodec, in file: HEIFFile, width: Int, height: Int,
        nclx: (matrix: Int, fullRange: Bool)?, alpha: Bool
    ) throws(ImageError) -> PixelImage {
        let (picture, matrix) = try codedPicture(
            item, codec, in: file, width: width, height: height, nclx: nclx, alpha: alpha)
        return try YCbCrConverter.convert(picture.planes, width: width, height: height, matrix: matrix)
    }

    /// One coded item decoded, at least `width`×`height`, and the matrix its samples convert by:
    /// the `nclx` property's, else the bitstream's; an alpha item keeps only its luma.
    func codedPicture(
        _ item: UInt32, _ codec: HEIFCodec, in file: HEIFFile, width: Int, height: Int,
        nclx: (matrix: Int, fullRange: Bool)?, alpha: Bool
    ) throws(ImageError) -> (HEIFCodedPicture, YCbCrMatrix) {
        let data: ArraySlice<UInt8>
        do { data = try file.data(of: item) } catch { throw ImageError(error) }
        var picture = try self.codec.decode(codec, data: data, size: (width, height))
        guard picture.width >= width, picture.height >= height else {
            throw ImageError(
                .malformed,
                "HEIF item \(item) decodes to \(picture.width)×\(picture.height), smaller than its 'ispe' \(width)×\(height)"
            )
        }
        let matrix: YCbCrMatrix
        if alpha {
            picture.planes.chroma = nil
            matrix = YCbCrMatrix(equations: .identity, fullRange: true)
        } else if let nclx {
            matrix = try YCbCrMatrix(matrixCoefficients: nclx.matrix, fullRange: nclx.fullRange)
        } else {
            matrix = try YCbCrMatrix(matrixCoefficients: picture.matrixCoefficients, fullRange: picture.fullRange)
        }
        return (picture, matrix)
    }

    /// `colour` with `alpha`'s grey as its alpha channel (both the same size).
    static func attaching(_ alpha: PixelImage, to colour: PixelImage) -> PixelImage {
        let channels = colour.format.channels
        let format: PixelFormat = channels >= 3 ? .rgba : .grayAlpha
        var output = PixelImage(width: colour.width, height: colour.height, format: format)
        let outputChannels = format.channels
        output.pixels.withUnsafeMutableBufferPointer { target in
            colour.pixels.withUnsafeBufferPointer { source in
                alpha.pixels.withUnsafeBufferPointer { alphaSource in
                    for pixel in 0..<(colour.width * colour.height) {
                        for channel in 0..<channels {
                            target[pixel * outputChannels + channel] = source[pixel * channels + channel]
                        }
                        target[pixel * outputChannels + outputChannels - 1] = alphaSource[pixel]
                    }
                }
            }
        }
        return output
    }
}
