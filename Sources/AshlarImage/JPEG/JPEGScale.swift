/// How much smaller than the stored image a JPEG is decoded, in the DCT domain (as libjpeg's
/// `scale_denom`): the output is ceil(width / scale) × ceil(height / scale).
public enum JPEGScale: Int, Sendable, CaseIterable {
    case full = 1
    case half = 2
    case quarter = 4
    case eighth = 8

    /// The largest reduction whose output is still at least `targetWidth` × `targetHeight`, so a
    /// thumbnailer decodes as few pixels as it can and still only ever scales down.
    public static func largestReduction(
        width: Int, height: Int, covering targetWidth: Int,
        targetHeight: Int
    ) -> JPEGScale {
        for scale in allCases.reversed() {
            let (w, h) = scale.outputSize(width: width, height: height)
            if w >= targetWidth && h >= targetHeight { return scale }
        }
        return .full
    }

    /// The largest DCT reduction that still leaves `reducingGap` times the widest rendition (at
    /// most the photo's own width) and its height, so the resampler always has that much more to
    /// work from than it makes; a gap of 1 decodes as few pixels as can be. `width` and `height`
    /// are the oriented size: a reduction divides both sides alike, so what orientation changes
    /// is only which side the rendition's width is on.
    public static func forRenditions(width: Int, height: Int, largestWidth: Int, reducingGap: Double) -> JPEGScale {
        let targetWidth = min(max(largestWidth, 1), width)
        let gap = reducingGap.isFinite ? max(reducingGap, 1) : 8
        let needWidth = min(width, Int((Double(targetWidth) * gap).rounded(.up)))
        let needHeight = max(1, (height * needWidth + width / 2) / width)
        return largestReduction(width: width, height: height, covering: needWidth, targetHeight: needHeight)
    }

    /// The size a `width` × `height` image decodes to at this scale.
    public func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        ((width + rawValue - 1) / rawValue, (height + rawValue - 1) / rawValue)
    }

    /// The side of the square each 8×8 block decodes to.
    var blockSize: Int { 8 / rawValue }
}
