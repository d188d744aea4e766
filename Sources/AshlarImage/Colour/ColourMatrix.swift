/// A 3×3 matrix of doubles, row-major, for the colour-space arithmetic of ``CodePointProfile``.
struct ColourMatrix: Sendable, Equatable {
    var rows: [[Double]]

    /// The column `index` as a vector.
    func column(_ index: Int) -> [Double] { rows.map { $0[index] } }

    static func * (a: ColourMatrix, b: ColourMatrix) -> ColourMatrix {
        ColourMatrix(
            rows: (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a.rows[i][$1] * b.rows[$1][j] } } })
    }

    static func * (a: ColourMatrix, v: [Double]) -> [Double] {
        (0..<3).map { i in (0..<3).reduce(0) { $0 + a.rows[i][$1] * v[$1] } }
    }

    /// The inverse; nil for a singular matrix (primaries on one line).
    var inverse: ColourMatrix? {
        let m = rows
        let c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        let c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let determinant = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02
        guard abs(determinant) > 1e-12 else { return nil }
        let adjugate = [
            [c00, m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [c01, m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][2] * m[1][0] - m[0][0] * m[1][2]],
            [c02, m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ]
        return ColourMatrix(rows: adjugate.map { $0.map { $0 / determinant } })
    }

    /// XYZ (Y = 1) of the chromaticity `xy`.
    static func xyz(_ xy: (x: Double, y: Double)) -> [Double] {
        [xy.x / xy.y, 1, (1 - xy.x - xy.y) / xy.y]
    }

    /// The matrix taking linear RGB with these primaries to XYZ, white mapping to Y = 1.
    static func rgbToXYZ(_ c: CodePointProfile.Chromaticities) -> ColourMatrix {
        let primaries = [xyz(c.red), xyz(c.green), xyz(c.blue)]
        let matrix = ColourMatrix(rows: (0..<3).map { i in primaries.map { $0[i] } })
        // The chromaticities of H.273's table are never collinear.
        let scale = (matrix.inverse ?? identity) * xyz(c.white)
        return ColourMatrix(rows: matrix.rows.map { row in (0..<3).map { row[$0] * scale[$0] } })
    }

    static let identity = ColourMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    /// The Bradford cone-response matrix (as in ICC.1:2022 Annex E).
    static let bradfordCone = ColourMatrix(rows: [
        [0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296],
    ])

    /// The chromatic adaptation from white `source` to white `destination` (Bradford).
    static func bradford(from source: (x: Double, y: Double), to destination: (x: Double, y: Double)) -> ColourMatrix {
        let cone = bradfordCone
        let s = cone * xyz(source)
        let d = cone * xyz(destination)
        let scale = ColourMatrix(rows: [[d[0] / s[0], 0, 0], [0, d[1] / s[1], 0], [0, 0, d[2] / s[2]]])
        return (cone.inverse ?? identity) * scale * cone
    }
}
