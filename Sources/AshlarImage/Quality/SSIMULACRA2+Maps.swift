import Foundation

extension SSIMULACRA2 {
    /// The reference's SSIM constant for the structure term (there is no luminance constant: that
    /// term has no denominator).
    static let c2: Float = 0.0009

    /// Per channel, the mean and the 4-norm of 1 − SSIM′, where SSIM′ = (1 − (μ₁ − μ₂)²) ×
    /// (2σ₁₂ + C₂) / (σ₁² + σ₂² + C₂), clamped at zero: SSIM with the luminance term's
    /// denominator dropped, so errors in the darks weigh as much as in the brights.
    static func ssimAverages(mu1: Planes, mu2: Planes, sigma11: Planes, sigma22: Planes, sigma12: Planes) -> [Double] {
        let perPixel = 1 / Double(mu1.width * mu1.height)
        var averages: [Double] = []
        for channel in 0..<3 {
            let m1 = mu1.channels[channel]
            let m2 = mu2.channels[channel]
            let s11 = sigma11.channels[channel]
            let s22 = sigma22.channels[channel]
            let s12 = sigma12.channels[channel]
            var sum = 0.0
            var sum4 = 0.0
            for index in m1.indices {
                let mu1 = m1[index]
                let mu2 = m2[index]
                let mu11 = mu1 * mu1
                let mu22 = mu2 * mu2
                let mu12 = mu1 * mu2
                let numeratorM: Float = 1 - (mu1 - mu2) * (mu1 - mu2)
                let numeratorS = 2 * (s12[index] - mu12) + c2
                let denominatorS = (s11[index] - mu11) + (s22[index] - mu22) + c2
                let error = max(1 - Double(numeratorM * numeratorS / denominatorS), 0)
                sum += error
                sum4 += quartic(error)
            }
            averages.append(perPixel * sum)
            averages.append(sqrt(sqrt(perPixel * sum4)))
        }
        return averages
    }

    /// Per channel, the mean and 4-norm of ringing (the distorted image's detail, |image − μ|,
    /// above the reference's) and of blurring (below it), as ratios of 1 + detail.
    static func edgeAverages(image1: Planes, mu1: Planes, image2: Planes, mu2: Planes) -> [Double] {
        let perPixel = 1 / Double(image1.width * image1.height)
        var averages: [Double] = []
        for channel in 0..<3 {
            let i1 = image1.channels[channel]
            let m1 = mu1.channels[channel]
            let i2 = image2.channels[channel]
            let m2 = mu2.channels[channel]
            var sums = (0.0, 0.0, 0.0, 0.0)
            for index in i1.indices {
                let ratio =
                    (1 + Double(abs(i2[index] - m2[index]))) / (1 + Double(abs(i1[index] - m1[index]))) - 1
                let artifact = max(ratio, 0)
                let detailLost = max(-ratio, 0)
                sums.0 += artifact
                sums.1 += quartic(artifact)
                sums.2 += detailLost
                sums.3 += quartic(detailLost)
            }
            averages += [
                perPixel * sums.0, sqrt(sqrt(perPixel * sums.1)), perPixel * sums.2, sqrt(sqrt(perPixel * sums.3)),
            ]
        }
        return averages
    }

    static func quartic(_ value: Double) -> Double {
        let square = value * value
        return square * square
    }
}
