extension YCbCrConverter {
    /// A component's sample scaled to 0…255 (luma) or −127.5…127.5 (chroma, about its centre),
    /// as H.273's quantisation equations 23–28 turned round.
    struct Quantisation {
        var scale: Float
        var offset: Float

        /// `bitDepth` is 8…16 (``YCbCrPlanes/Plane`` checks it).
        init(bitDepth: Int, fullRange: Bool, chroma: Bool) {
            let levels = Float(1 << (bitDepth - 8))
            let span = fullRange ? Float((1 << bitDepth) - 1) : (chroma ? 224 : 219) * levels
            let zero = chroma ? Float(1 << (bitDepth - 1)) : (fullRange ? 0 : 16 * levels)
            scale = 255 / span
            offset = zero * scale
        }

        @inline(__always)
        func normalise(_ sample: UInt16) -> Float { Float(sample) * scale - offset }
    }

    /// The matrix as weights: how much luma goes into each of R, G and B, and each chroma pair's
    /// offsets to add.
    struct Weights {
        var lumaInRed: Float = 1
        var lumaInGreen: Float = 1
        var lumaInBlue: Float = 1
        let cb: Quantisation
        let cr: Quantisation
        let equations: YCbCrMatrix.Equations
        private var redFromCr: Float = 0
        private var greenFromCb: Float = 0
        private var greenFromCr: Float = 0
        private var blueFromCb: Float = 0

        init(_ matrix: YCbCrMatrix, cb cbDepth: Int, cr crDepth: Int) {
            equations = matrix.equations
            switch matrix.equations {
            case .identity:
                // GBR: Cb and Cr hold B and R, quantised as luma is.
                cb = Quantisation(bitDepth: cbDepth, fullRange: matrix.fullRange, chroma: false)
                cr = Quantisation(bitDepth: crDepth, fullRange: matrix.fullRange, chroma: false)
                lumaInRed = 0
                lumaInBlue = 0
            case .luma(let kr, let kb):
                cb = Quantisation(bitDepth: cbDepth, fullRange: matrix.fullRange, chroma: true)
                cr = Quantisation(bitDepth: crDepth, fullRange: matrix.fullRange, chroma: true)
                let kg = 1 - kr - kb
                redFromCr = Float(2 * (1 - kr))
                greenFromCb = Float(-2 * kb * (1 - kb) / kg)
                greenFromCr = Float(-2 * kr * (1 - kr) / kg)
                blueFromCb = Float(2 * (1 - kb))
            case .yCgCo:
                cb = Quantisation(bitDepth: cbDepth, fullRange: matrix.fullRange, chroma: true)
                cr = Quantisation(bitDepth: crDepth, fullRange: matrix.fullRange, chroma: true)
            }
        }

        /// What one chroma pair adds to R, G and B.
        @inline(__always)
        func offsets(cb cbSample: UInt16, cr crSample: UInt16) -> (Float, Float, Float) {
            let b = cb.normalise(cbSample)
            let r = cr.normalise(crSample)
            switch equations {
            case .identity: return (r, 0, b)
            case .luma: return (redFromCr * r, greenFromCb * b + greenFromCr * r, blueFromCb * b)
            case .yCgCo: return (r - b, b, -b - r)
            }
        }
    }
}
