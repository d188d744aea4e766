import Foundation

/// The Gaussian blur of libjxl's `FastGaussian`: "Recursive Implementation of the Gaussian Filter
/// Using Truncated Cosine Functions" (Charalampidis, 2016), three second-order recursions summed,
/// run along the rows and then down the columns. Outside the image the input is zero, as in the
/// reference, so the blur darkens near the borders; SSIMULACRA2's scores depend on it.
///
/// The recursions run in double precision, between 32-bit planes. Their poles lie on the unit
/// circle, so a rounding error never decays: with 32-bit state, as the reference keeps it, the
/// errors piling up along a row moved the score of a 640 px photo at JPEG quality 90 by 0.5
/// (86.5 instead of 87.0, which a 64-bit port of the same recursion and an exact Gaussian agree
/// on). The reference's vector arithmetic rounds differently again; the double-precision result is
/// the filter it approximates.
struct RecursiveGaussian: Sendable {
    /// The half-width of the truncated kernel, "N".
    let radius: Int
    /// The input weight of each recursion (k = 1, 3, 5).
    let n2: [Double]
    /// The weight of each recursion's previous output.
    let d1: [Double]

    /// sigma 1.5, as SSIMULACRA2 uses.
    static let ssimulacra2 = RecursiveGaussian(sigma: 1.5)

    init(sigma: Double) {
        let radius = (3.2795 * sigma + 0.2546).rounded() // (57)
        let omega = [1.0, 3.0, 5.0].map { $0 * Double.pi / (2 * radius) }
        let p = [1 / tan(0.5 * omega[0]), -1 / tan(0.5 * omega[1]), 1 / tan(0.5 * omega[2])] // (37)
        let r = [p[0] * p[0] / sin(omega[0]), -p[1] * p[1] / sin(omega[1]), p[2] * p[2] / sin(omega[2])] // (44)
        let rho = omega.map { exp(-0.5 * sigma * sigma * $0 * $0) / radius } // (50)
        let d13 = p[0] * r[1] - r[0] * p[1] // (52)
        let d35 = p[1] * r[2] - r[1] * p[2]
        let d51 = p[2] * r[0] - r[2] * p[0]
        let zeta15 = d35 / d13
        let zeta35 = d51 / d13
        let matrix = [p[0], p[1], p[2], r[0], r[1], r[2], zeta15, zeta35, 1] // (56)
        let gamma = [1, radius * radius - sigma * sigma, zeta15 * rho[0] + zeta35 * rho[1] + rho[2]] // (55)
        let beta = RecursiveGaussian.solve(matrix, gamma) // (53)
        self.radius = Int(radius)
        n2 = (0..<3).map { -beta[$0] * cos(omega[$0] * (radius + 1)) } // (33)
        d1 = (0..<3).map { -2 * cos(omega[$0]) }
    }

    /// x with `matrix` (3×3, row by row) × x = `vector`, by the adjugate.
    static func solve(_ m: [Double], _ vector: [Double]) -> [Double] {
        let adjugate = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        let determinant = m[0] * adjugate[0] + m[1] * adjugate[3] + m[2] * adjugate[6]
        return (0..<3).map { row in
            (0..<3).reduce(0.0) { $0 + adjugate[row * 3 + $1] * vector[$1] } / determinant
        }
    }

    /// Each of the three planes blurred.
    func apply(_ planes: SSIMULACRA2.Planes) -> SSIMULACRA2.Planes {
        SSIMULACRA2.Planes(
            width: planes.width, height: planes.height,
            channels: planes.channels.map { blur($0, width: planes.width, height: planes.height) })
    }

    /// One plane blurred along its rows, then down its columns.
    func blur(_ plane: [Float], width: Int, height: Int) -> [Float] {
        var rows = [Float](repeating: 0, count: width * height)
        plane.withUnsafeBufferPointer { input in
            rows.withUnsafeMutableBufferPointer { output in
                for y in 0..<height {
                    horizontal(input, output, start: y * width, width: width)
                }
            }
        }
        var output = [Float](repeating: 0, count: width * height)
        rows.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                vertical(input, output, width: width, height: height)
            }
        }
        return output
    }

    /// The row of `width` samples at `start`: out[n] = Σₖ yₖ[n], where
    /// yₖ[n] = n2ₖ (in[n − N − 1] + in[n + N − 1]) − d1ₖ yₖ[n − 1] − yₖ[n − 2], from n = 1 − N.
    private func horizontal(
        _ input: UnsafeBufferPointer<Float>, _ output: UnsafeMutableBufferPointer<Float>, start: Int, width: Int
    ) {
        let (n21, n23, n25) = (n2[0], n2[1], n2[2])
        let (d11, d13, d15) = (d1[0], d1[1], d1[2])
        var previous: (Double, Double, Double) = (0, 0, 0)
        var beforePrevious: (Double, Double, Double) = (0, 0, 0)
        for n in (1 - radius)..<width {
            let left = n - radius - 1
            let right = n + radius - 1
            let sum = Double((left >= 0 ? input[start + left] : 0) + (right < width ? input[start + right] : 0))
            let out1 = n21 * sum - d11 * previous.0 - beforePrevious.0
            let out3 = n23 * sum - d13 * previous.1 - beforePrevious.1
            let out5 = n25 * sum - d15 * previous.2 - beforePrevious.2
            beforePrevious = previous
            previous = (out1, out3, out5)
            if n >= 0 { output[start + n] = Float(out1 + (out3 + out5)) }
        }
    }

    /// The same recursion down every column at once, a row at a time.
    private func vertical(
        _ input: UnsafeBufferPointer<Float>, _ output: UnsafeMutableBufferPointer<Float>, width: Int, height: Int
    ) {
        // The two previous outputs of each recursion, per column.
        var state = [Double](repeating: 0, count: 6 * width)
        let (n21, n23, n25) = (n2[0], n2[1], n2[2])
        let (d11, d13, d15) = (d1[0], d1[1], d1[2])
        state.withUnsafeMutableBufferPointer { state in
            guard let base = state.baseAddress else { return }
            let previous1 = base
            let previous3 = base + width
            let previous5 = base + 2 * width
            let before1 = base + 3 * width
            let before3 = base + 4 * width
            let before5 = base + 5 * width
            for n in (1 - radius)..<height {
                let top = n - radius - 1
                let bottom = n + radius - 1
                let topRow = top >= 0 ? top * width : -1
                let bottomRow = bottom < height ? bottom * width : -1
                let outRow = n >= 0 ? n * width : -1
                for x in 0..<width {
                    let sum = Double(
                        (topRow >= 0 ? input[topRow + x] : 0) + (bottomRow >= 0 ? input[bottomRow + x] : 0))
                    let out1 = n21 * sum - d11 * previous1[x] - before1[x]
                    let out3 = n23 * sum - d13 * previous3[x] - before3[x]
                    let out5 = n25 * sum - d15 * previous5[x] - before5[x]
                    before1[x] = previous1[x]
                    before3[x] = previous3[x]
                    before5[x] = previous5[x]
                    previous1[x] = out1
                    previous3[x] = out3
                    previous5[x] = out5
                    if outRow >= 0 { output[outRow + x] = Float(out1 + (out3 + out5)) }
                }
            }
        }
    }
}
