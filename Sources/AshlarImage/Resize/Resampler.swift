/// Resizes images with a Lanczos-3 filter.
///
/// Two passes of the same column filter: the first resamples the columns of the image (its height)
/// and writes its result transposed, so that the second, run on that, resamples the original rows
/// (its width) and transposes back. Running down columns lets each output row be built as a sum of
/// whole input rows times one weight, a loop over contiguous samples done in vector instructions
/// (`sweep(_:_:_:count:_:_:)`, for 8-bit and for 15-bit samples); a filter along rows would be a
/// short dot product per pixel.
/// Reducing the height first is also the cheaper order for a downscale, where the width-reducing
/// pass then runs on the fewer rows.
///
/// Samples are 8-bit in and out and 15-bit between the passes; weights are 14-bit integers, so
/// every machine computes the same bytes. Images with alpha are resampled premultiplied, so the
/// colour of transparent pixels does not bleed into their neighbours.
///
/// Resampling happens on the encoded (sRGB) values, not in linear light; measured before choosing.
/// On the four camera photos of `../shared/photos` (decoded with `djpeg -scale 1/2`, 1993–2652
/// px wide), each resized to 1920, 960 and 480 px wide, linear light changes the samples by a mean
/// of 0.09–2.6 levels in 255 (99.9 % of them by at most 1–44; the largest changes, 44–76, at a few
/// high-contrast edges), and it costs 30 % more work (callgrind, camera-2 to 960 px: 1.69 against
/// 1.30 billion instructions; two table look-ups and a 16-bit copy of the input). It matters on
/// fine black-and-white patterns: a 1-pixel checkerboard halved gives grey 128 encoded and 188
/// (the true mean brightness) in linear light; photographs rarely have them. Pillow, libvips
/// (`vipsthumbnail` without `--linear`) and browsers resample encoded values too, so renditions
/// look like the ones people compare them with.
public enum Resampler {
    /// `image` resized to exactly `width` × `height` pixels (each at least 1; smaller values are
    /// taken as 1), in the same pixel format. The same size returns the image unchanged.
    public static func resize(_ image: PixelImage, width: Int, height: Int) -> PixelImage {
        resize(image, width: width, height: height, space: .encoded)
    }

    /// Where the filter's arithmetic happens.
    public enum Space: Sendable {
        /// On the stored sRGB values (what ``resize(_:width:height:)`` does).
        case encoded
        /// On linear-light values, 15 bits, converted through tables on the way in and out: the
        /// measurement behind choosing ``encoded`` (`ashlar-bench images resize … --linear`).
        case linear
    }

    /// `image` resized with the filter's arithmetic in `space`.
    public static func resize(_ image: PixelImage, width: Int, height: Int, space: Space) -> PixelImage {
        let width = max(width, 1)
        let height = max(height, 1)
        if width == image.width && height == image.height { return image }
        let columns = ResampleWeights(inputSize: image.height, outputSize: height)
        let rows = ResampleWeights(inputSize: image.width, outputSize: width)
        let channels = image.format.channels
        var output = [UInt8](repeating: 0, count: width * height * channels)
        if space == .encoded && !image.format.hasAlpha {
            // 8 bits in; 7 fraction bits kept between the passes (at most 255 · 128); 8 bits out.
            image.pixels.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    twoPasses(
                        source.baseAddress!, image.width, image.height, channels, columns, rows,
                        firstShift: 7, middleMaximum: 255 * 128, target.baseAddress!,
                        lastShift: 21, lastMaximum: 255)
                }
            }
        } else {
            let converter = WorkingSamples(format: image.format, space: space)
            let working = converter.load(image.pixels)
            var result = [Int16](repeating: 0, count: width * height * channels)
            working.withUnsafeBufferPointer { source in
                result.withUnsafeMutableBufferPointer { target in
                    let maximum = Int32(converter.maximum)
                    twoPasses(
                        source.baseAddress!, image.width, image.height, channels, columns, rows,
                        firstShift: 14, middleMaximum: maximum, target.baseAddress!,
                        lastShift: 14, lastMaximum: maximum)
                }
            }
            converter.store(result, into: &output)
        }
        return PixelImage(width: width, height: height, format: image.format, pixels: output)
    }

    /// Output rows computed together, so that their transposed stores fill whole cache lines.
    static let block = 8
    /// Pixels per strip: the sums of a block (8 · 256 · 4 channels · 4 bytes) fit in 32 KB.
    static let strip = 256

    /// Columns, then (transposed) rows, through a buffer of 15-bit samples between them: samples
    /// (8 or 15 bits) and weights (14 bits) both fit in `Int16`, which lets the compiler multiply
    /// eight at a time with 16-bit vector instructions; sums stay below 2^31.
    @inline(__always)
    private static func twoPasses<Source: FixedWidthInteger, Target: FixedWidthInteger>(
        _ source: UnsafePointer<Source>, _ width: Int, _ height: Int, _ channels: Int,
        _ columns: ResampleWeights, _ rows: ResampleWeights,
        firstShift: Int32, middleMaximum: Int32,
        _ target: UnsafeMutablePointer<Target>, lastShift: Int32, lastMaximum: Int32
    ) {
        let middleHeight = columns.starts.count
        let accumulatorCount = block * strip * channels
        let middle = OwnedBuffer<Int16>(uninitializedCount: width * middleHeight * channels)
        let accumulator = OwnedBuffer<Int32>(uninitializedCount: accumulatorCount)
        defer { withExtendedLifetime((middle, accumulator)) {} }
        // The first pass's output is `middleHeight` wide and `width` high (transposed).
        columnPass(
            source, width: width, channels: channels, columns, outputs: 0..<middleHeight, firstRow: 0,
            middle.base, targetStride: middleHeight * channels,
            shift: firstShift, maximum: middleMaximum, accumulator.base)
        columnPass(
            UnsafePointer(middle.base), width: middleHeight, channels: channels, rows,
            outputs: 0..<rows.starts.count, firstRow: 0, target, targetStride: rows.starts.count * channels,
            shift: lastShift, maximum: lastMaximum, accumulator.base)
    }

    /// Resamples each column of an image `width` pixels wide to the output samples `outputs` of
    /// `weights` and writes the result transposed: output row `y`'s pixel `x` goes to
    /// `target + x · targetStride + (y - outputs.lowerBound) · channels`. `source` points at row
    /// `firstRow` of the image (rows before it are not held: a streamed resize keeps only a window
    /// of rows); the whole image is `firstRow` 0 and every output.
    ///
    /// The image is done in strips `strip` pixels wide and `block` output rows at a time, so that
    /// the sums (at most `block · strip · channels`) stay in the first-level cache while they are
    /// built and then read across, and the transposed stores of successive blocks land in the same
    /// few hundred cache lines. Every source row read is `weights.starts[y] + tap - firstRow` with
    /// `tap < weights.counts[y]`, which the caller keeps within the rows it holds (``ResampleWeights``
    /// keeps it below the image's height); every column read is below `width`; every target index
    /// is below `width · targetStride`.
    @inline(__always)
    static func columnPass<Source: FixedWidthInteger, Target: FixedWidthInteger>(
        _ source: UnsafePointer<Source>, width: Int, channels: Int,
        _ weights: ResampleWeights, outputs: Range<Int>, firstRow firstHeld: Int,
        _ target: UnsafeMutablePointer<Target>, targetStride: Int,
        shift: Int32, maximum: Int32, _ accumulator: UnsafeMutablePointer<Int32>
    ) {
        let rowSamples = width * channels
        let outputHeight = outputs.upperBound
        let rounding = Int32(1) << (shift - 1)
        weights.starts.withUnsafeBufferPointer { starts in
            weights.counts.withUnsafeBufferPointer { counts in
                weights.weights.withUnsafeBufferPointer { allWeights in
                    var firstColumn = 0
                    while firstColumn < width {
                        let stripSamples = min(strip, width - firstColumn) * channels
                        let stripSource = source + firstColumn * channels
                        var firstRow = outputs.lowerBound
                        while firstRow < outputHeight {
                            let rowsInBlock = min(block, outputHeight - firstRow)
                            for member in 0..<rowsInBlock {
                                let y = firstRow + member
                                let sums = accumulator + member * stripSamples
                                let taps = allWeights.baseAddress! + y * weights.maxTaps
                                let count = Int(counts[y])
                                var row = stripSource + (Int(starts[y]) - firstHeld) * rowSamples
                                for index in 0..<stripSamples { sums[index] = rounding }
                                var tap = 0
                                while tap + 1 < count {
                                    let second = row + rowSamples
                                    if Source.self == UInt8.self {
                                        sweep(
                                            sums, UnsafeRawPointer(row).assumingMemoryBound(to: UInt8.self),
                                            UnsafeRawPointer(second).assumingMemoryBound(to: UInt8.self),
                                            count: stripSamples, taps[tap], taps[tap + 1])
                                    } else {
                                        sweep(
                                            sums, UnsafeRawPointer(row).assumingMemoryBound(to: Int16.self),
                                            UnsafeRawPointer(second).assumingMemoryBound(to: Int16.self),
                                            count: stripSamples, taps[tap], taps[tap + 1])
                                    }
                                    row = second + rowSamples
                                    tap += 2
                                }
                                if tap < count {
                                    let weight = Int32(taps[tap])
                                    for index in 0..<stripSamples {
                                        sums[index] &+= Int32(truncatingIfNeeded: row[index]) &* weight
                                    }
                                }
                            }
                            let corner =
                                target + firstColumn * targetStride + (firstRow - outputs.lowerBound) * channels
                            for x in 0..<stripSamples / channels {
                                let pixel = corner + x * targetStride
                                var sums = accumulator + x * channels
                                var sample = 0
                                for _ in 0..<rowsInBlock {
                                    for channel in 0..<channels {
                                        let value = min(max(sums[channel] >> shift, 0), maximum)
                                        pixel[sample] = Target(truncatingIfNeeded: value)
                                        sample += 1
                                    }
                                    sums += stripSamples
                                }
                            }
                            firstRow += rowsInBlock
                        }
                        firstColumn += strip
                    }
                }
            }
        }
    }
}
