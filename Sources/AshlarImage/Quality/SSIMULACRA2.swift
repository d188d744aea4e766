import Foundation

/// SSIMULACRA2, the perceptual image metric libjxl and jpegli are tuned with (Jon Sneyers,
/// Cloudinary; libjxl's `tools/ssimulacra2.cc`, the April 2023 version): 100 for identical images,
/// about 90 visually lossless, 70 high quality, 50 medium, 30 low, negative for very strong
/// distortion.
///
/// Both images are made linear, converted to XYB (libjxl's opsin absorbance matrix and bias, cube
/// root) and rescaled to about 0…1. At six scales, each halved from the last by box averaging in
/// linear light, and for each of X, Y and B−Y, three error maps are taken: SSIM without its
/// luminance denominator, "ringing" (edges in the distorted image where the reference is smooth)
/// and "blurring" (edges of the reference lost). Each map gives its mean and its 4-norm; the 108
/// numbers are weighted with the published weights and mapped to the score. The local means and
/// variances come from the reference's recursive Gaussian (sigma 1.5, zero outside the image).
///
/// Checked against the PyPI package `ssimulacra2` (`SSIMULACRA2Tests`).
package enum SSIMULACRA2 {
    /// The score of `distorted` against `reference`, or nil when their sizes differ. When either has
    /// alpha, both are composited over dark and over light grey (0.1 and 0.9 of full scale, encoded)
    /// and the lower score is kept (the reference tool does so when its first image has alpha).
    /// Images under 8 pixels wide or high score 100, as in the reference: no scale is measured.
    package static func score(reference: PixelImage, distorted: PixelImage) -> Double? {
        guard reference.width == distorted.width, reference.height == distorted.height else { return nil }
        guard reference.format.hasAlpha || distorted.format.hasAlpha else {
            return score(LinearImage(reference, background: 0.5), LinearImage(distorted, background: 0.5))
        }
        return [0.1, 0.9].map { background in
            score(LinearImage(reference, background: background), LinearImage(distorted, background: background))
        }.min()
    }

    static let scaleCount = 6

    static func score(_ reference: LinearImage, _ distorted: LinearImage) -> Double {
        var reference = reference
        var distorted = distorted
        var image1 = reference.positiveXYB()
        var image2 = distorted.positiveXYB()
        var averages: [ScaleAverages] = []
        let blur = RecursiveGaussian.ssimulacra2
        for scale in 0..<scaleCount {
            // The reference checks the size of the previous scale, before halving.
            guard image1.width >= 8, image1.height >= 8 else { break }
            if scale > 0 {
                reference = reference.halved()
                distorted = distorted.halved()
                image1 = reference.positiveXYB()
                image2 = distorted.positiveXYB()
            }
            let sigma11 = blur.apply(image1.product(image1))
            let sigma22 = blur.apply(image2.product(image2))
            let sigma12 = blur.apply(image1.product(image2))
            let mu1 = blur.apply(image1)
            let mu2 = blur.apply(image2)
            averages.append(
                ScaleAverages(
                    ssim: ssimAverages(mu1: mu1, mu2: mu2, sigma11: sigma11, sigma22: sigma22, sigma12: sigma12),
                    edges: edgeAverages(image1: image1, mu1: mu1, image2: image2, mu2: mu2)))
        }
        return mappedScore(averages)
    }

    /// One scale's norms: `ssim[c * 2 + n]` and `edges[c * 4 + n]` (ringing), `edges[c * 4 + 2 + n]`
    /// (blurring), for channel `c` and norm `n` (0: mean, 1: 4-norm).
    struct ScaleAverages {
        var ssim: [Double]
        var edges: [Double]
    }

    /// The weighted sum of the norms, in the reference's order, mapped to the 0…100 scale.
    static func mappedScore(_ scales: [ScaleAverages]) -> Double {
        var sum = 0.0
        var index = 0
        for channel in 0..<3 {
            for scale in scales {
                for norm in 0..<2 {
                    sum += weights[index] * abs(scale.ssim[channel * 2 + norm])
                    sum += weights[index + 1] * abs(scale.edges[channel * 4 + norm])
                    sum += weights[index + 2] * abs(scale.edges[channel * 4 + norm + 2])
                    index += 3
                }
            }
        }
        sum *= 0.9562382616834844
        sum = 2.326765642916932 * sum - 0.020884521182843837 * sum * sum + 6.248496625763138e-05 * sum * sum * sum
        return sum > 0 ? 100 - 10 * pow(sum, 0.6276336467831387) : 100
    }
}
