import AshlarTestSupport
import Testing

@testable import AshlarImage

/// The conversion against H.273's equations written out in double precision, sample by sample,
/// on random planes of every layout; and a few colours whose values are known.
@Suite struct YCbCrConverterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var shift: (x: Int, y: Int)?
        var lumaDepth: Int
        var chromaDepth: Int
        var matrix: Int
        var fullRange: Bool
        var alphaDepth: Int?
        var testDescription: String {
            let layout = shift.map { "\($0.x)\($0.y)" } ?? "mono"
            return "\(layout) \(lumaDepth)/\(chromaDepth)-bit matrix \(matrix) \(fullRange ? "full" : "limited")"
                + (alphaDepth.map { " alpha \($0)" } ?? "")
        }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        for shift in [(1, 1), (1, 0), (0, 0)] as [(Int, Int)] {
            for matrix in [0, 1, 2, 4, 6, 7, 8, 9] {
                for fullRange in [false, true] {
                    cases.append(Case(shift: shift, lumaDepth: 8, chromaDepth: 8, matrix: matrix, fullRange: fullRange))
                }
            }
            cases.append(
                Case(shift: shift, lumaDepth: 10, chromaDepth: 10, matrix: 6, fullRange: false, alphaDepth: 10))
            cases.append(Case(shift: shift, lumaDepth: 10, chromaDepth: 8, matrix: 9, fullRange: true, alphaDepth: 8))
        }
        cases.append(Case(shift: nil, lumaDepth: 8, chromaDepth: 8, matrix: 6, fullRange: false))
        cases.append(Case(shift: nil, lumaDepth: 10, chromaDepth: 10, matrix: 1, fullRange: true, alphaDepth: 8))
        return cases
    }()

    static func plane(_ width: Int, _ height: Int, depth: Int, using random: inout SeededGenerator)
        -> YCbCrPlanes.Plane
    {
        let stride = width + Int.random(in: 0...3, using: &random)
        let samples = (0..<(stride * height)).map { _ in UInt16.random(in: 0...UInt16((1 << depth) - 1), using: &random)
        }
        return YCbCrPlanes.Plane(samples: samples, width: width, height: height, stride: stride, bitDepth: depth)
    }

    /// H.273 turned round: normalised E′Y, E′PB, E′PR (equations 23–28), then R′ and B′ from their
    /// definitions and G′ from E′Y = Kr·R′ + Kg·G′ + Kb·B′. Each returned value is 255 × E′.
    static func reference(y: Int, cb: Int, cr: Int, _ test: Case) -> [Double] {
        func normalised(_ value: Int, depth: Int, chroma: Bool) -> Double {
            let levels = Double(1 << (depth - 8))
            if test.fullRange {
                return (Double(value) - (chroma ? Double(1 << (depth - 1)) : 0)) / Double((1 << depth) - 1)
            }
            return chroma
                ? (Double(value) - Double(1 << (depth - 1))) / (224 * levels)
                : (Double(value) - 16 * levels) / (219 * levels)
        }
        let ey = normalised(y, depth: test.lumaDepth, chroma: false)
        guard test.shift != nil else { return [255 * ey] }
        switch test.matrix {
        case 0:
            let g = ey
            let b = normalised(cb, depth: test.chromaDepth, chroma: false)
            let r = normalised(cr, depth: test.chromaDepth, chroma: false)
            return [255 * r, 255 * g, 255 * b]
        case 8:
            let cg = normalised(cb, depth: test.chromaDepth, chroma: true)
            let co = normalised(cr, depth: test.chromaDepth, chroma: true)
            let t = ey - cg
            return [255 * (t + co), 255 * (ey + cg), 255 * (t - co)]
        default:
            let (kr, kb): (Double, Double) =
                switch test.matrix {
                case 1: (0.2126, 0.0722)
                case 4: (0.30, 0.11)
                case 7: (0.212, 0.087)
                case 9: (0.2627, 0.0593)
                default: (0.299, 0.114)
                }
            let pb = normalised(cb, depth: test.chromaDepth, chroma: true)
            let pr = normalised(cr, depth: test.chromaDepth, chroma: true)
            let r = ey + 2 * (1 - kr) * pr
            let b = ey + 2 * (1 - kb) * pb
            let g = (ey - kr * r - kb * b) / (1 - kr - kb)
            return [255 * r, 255 * g, 255 * b]
        }
    }

    /// Equal to the reference rounded, or at a rounding tie (within 1/500 of a level of .5) either
    /// neighbour: single precision may land on either side of a tie.
    static func agrees(_ value: UInt8, _ exact: Double) -> Bool {
        let clamped = min(max(exact, 0), 255)
        let rounded = (clamped + 0.5).rounded(.down)
        if Double(value) == rounded { return true }
        return abs(clamped - clamped.rounded(.down) - 0.5) < 0.002 && abs(Double(value) - clamped) <= 0.5 + 0.002
    }

    @Test(arguments: cases)
    func randomPlanesFollowTheEquations(_ test: Case) throws {
        var random = SeededGenerator(seed: UInt64(test.matrix * 1000 + test.lumaDepth * 10 + (test.fullRange ? 1 : 0)))
        let width = Int.random(in: 1...37, using: &random)
        let height = Int.random(in: 1...23, using: &random)
        let luma = Self.plane(width, height, depth: test.lumaDepth, using: &random)
        var chroma: YCbCrPlanes.Chroma?
        if let shift = test.shift {
            let cw = (width + (1 << shift.x) - 1) >> shift.x
            let ch = (height + (1 << shift.y) - 1) >> shift.y
            chroma = YCbCrPlanes.Chroma(
                cb: Self.plane(cw, ch, depth: test.chromaDepth, using: &random),
                cr: Self.plane(cw, ch, depth: test.chromaDepth, using: &random), shiftX: shift.x, shiftY: shift.y)
        }
        let alpha = test.alphaDepth.map { Self.plane(width, height, depth: $0, using: &random) }
        let planes = YCbCrPlanes(luma: luma, chroma: chroma, alpha: alpha)
        let matrix = try YCbCrMatrix(matrixCoefficients: test.matrix, fullRange: test.fullRange)
        let image = try YCbCrConverter.convert(planes, width: width, height: height, matrix: matrix)
        let channels = image.format.channels
        #expect(channels == (test.shift == nil ? 1 : 3) + (alpha == nil ? 0 : 1))
        var disagreements = 0
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * channels
                let lumaSample = Int(luma.samples[y * luma.stride + x])
                var exact: [Double]
                if let chroma {
                    let cx = x >> chroma.shiftX
                    let cy = y >> chroma.shiftY
                    exact = Self.reference(
                        y: lumaSample, cb: Int(chroma.cb.samples[cy * chroma.cb.stride + cx]),
                        cr: Int(chroma.cr.samples[cy * chroma.cr.stride + cx]), test)
                } else {
                    exact = Self.reference(y: lumaSample, cb: 0, cr: 0, test)
                }
                if let alpha {
                    exact.append(Double(alpha.samples[y * alpha.stride + x]) * 255 / Double((1 << alpha.bitDepth) - 1))
                }
                for channel in 0..<channels where !Self.agrees(image.pixels[at + channel], exact[channel]) {
                    disagreements += 1
                    if disagreements < 5 {
                        Issue.record(
                            "(\(x), \(y)) channel \(channel): \(image.pixels[at + channel]), expected \(exact[channel])"
                        )
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }

    /// The eight-lane row conversion gives the bytes the one-pixel-at-a-time formula gives, to
    /// the bit, for every layout, matrix, range and depth (widths past eight lanes and a tail).
    @Test(arguments: cases.filter { $0.shift != nil })
    func eightLanesGiveTheScalarBytes(_ test: Case) throws {
        var random = SeededGenerator(seed: UInt64(test.matrix * 7919 + test.lumaDepth * 31 + (test.fullRange ? 1 : 0)))
        let matrix = try YCbCrMatrix(matrixCoefficients: test.matrix, fullRange: test.fullRange)
        let shiftX = try #require(test.shift).x
        let weights = YCbCrConverter.Weights(matrix, cb: test.chromaDepth, cr: test.chromaDepth)
        let lumaScale = YCbCrConverter.Quantisation(bitDepth: test.lumaDepth, fullRange: test.fullRange, chroma: false)
        for width in [8, 9, 16, 23, 37] {
            let luma = (0..<width).map { _ in UInt16.random(in: 0...UInt16((1 << test.lumaDepth) - 1), using: &random) }
            let chromaWidth = (width + (1 << shiftX) - 1) >> shiftX
            let top = UInt16((1 << test.chromaDepth) - 1)
            let cb = (0..<chromaWidth).map { _ in UInt16.random(in: 0...top, using: &random) }
            let cr = (0..<chromaWidth).map { _ in UInt16.random(in: 0...top, using: &random) }
            var offsets = YCbCrConverter.RowOffsets(width: width)
            cb.withUnsafeBufferPointer { cb in
                cr.withUnsafeBufferPointer { cr in
                    guard let cb = cb.baseAddress, let cr = cr.baseAddress else { return }
                    offsets.fill(cb: cb, cr: cr, shiftX: shiftX, weights: weights)
                }
            }
            var bytes = [UInt8](repeating: 0, count: width * 3)
            luma.withUnsafeBufferPointer { luma in
                bytes.withUnsafeMutableBufferPointer { output in
                    guard let luma = luma.baseAddress, let output = output.baseAddress else { return }
                    YCbCrConverter.convertRow(
                        luma, lumaScale: lumaScale, weights: weights, offsets: offsets, width: width, into: output,
                        channels: 3)
                }
            }
            for x in 0..<width {
                let value = lumaScale.normalise(luma[x])
                let (red, green, blue) = weights.offsets(cb: cb[x >> shiftX], cr: cr[x >> shiftX])
                let expected = [
                    YCbCrConverter.roundedByte(value * weights.lumaInRed + red),
                    YCbCrConverter.roundedByte(value * weights.lumaInGreen + green),
                    YCbCrConverter.roundedByte(value * weights.lumaInBlue + blue),
                ]
                #expect(Array(bytes[x * 3..<x * 3 + 3]) == expected, "width \(width), pixel \(x)")
            }
        }
    }

    struct Known: Sendable {
        var matrix: Int
        var fullRange: Bool
        var ycbcr: [UInt16]
        var rgb: [UInt8]
    }

    /// Values worked out by hand from the standards' tables: limited-range white and black, full
    /// range white, BT.709 and BT.601 red (Y 63, Cb 102, Cr 240 and Y 81, Cb 90, Cr 240: each
    /// within half a level of R′ = 1, G′ = B′ = 0), and mid grey.
    @Test(arguments: [
        Known(matrix: 1, fullRange: false, ycbcr: [235, 128, 128], rgb: [255, 255, 255]),
        Known(matrix: 1, fullRange: false, ycbcr: [16, 128, 128], rgb: [0, 0, 0]),
        Known(matrix: 6, fullRange: true, ycbcr: [255, 128, 128], rgb: [255, 255, 255]),
        Known(matrix: 1, fullRange: false, ycbcr: [63, 102, 240], rgb: [255, 0, 0]),
        Known(matrix: 6, fullRange: false, ycbcr: [81, 90, 240], rgb: [255, 0, 0]),
        Known(matrix: 9, fullRange: true, ycbcr: [128, 128, 128], rgb: [128, 128, 128]),
    ])
    func knownColours(_ known: Known) throws {
        func plane(_ value: UInt16) -> YCbCrPlanes.Plane {
            YCbCrPlanes.Plane(samples: [value, value, value, value], width: 2, height: 2, stride: 2, bitDepth: 8)
        }
        let planes = YCbCrPlanes(
            luma: plane(known.ycbcr[0]),
            chroma: YCbCrPlanes.Chroma(cb: plane(known.ycbcr[1]), cr: plane(known.ycbcr[2]), shiftX: 0, shiftY: 0))
        let image = try YCbCrConverter.convert(
            planes, width: 2, height: 2,
            matrix: try YCbCrMatrix(matrixCoefficients: known.matrix, fullRange: known.fullRange))
        for pixel in 0..<4 {
            let rgb = Array(image.pixels[pixel * 3..<pixel * 3 + 3])
            #expect(zip(rgb, known.rgb).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(rgb) for \(known.ycbcr)")
        }
    }

    /// The branch-free rounding equals clamping, adding one half and truncating, on every value
    /// a conversion can meet: a fine sweep past both ends, each exact half and its neighbours.
    @Test func roundedByteIsClampThenHalfUp() {
        var values: [Float] = stride(from: Float(-3), through: 259, by: 0.0009765625).map { $0 }
        for whole in -2...258 {
            let half = Float(whole) + 0.5
            values += [half, half.nextDown, half.nextUp, Float(whole), Float(whole).nextDown, Float(whole).nextUp]
        }
        values += [-.infinity, .infinity, -Float.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0, -0.0]
        var mismatches: [Float] = []
        for value in values where YCbCrConverter.roundedByte(value) != UInt8(min(max(value, 0), 255) + 0.5) {
            mismatches.append(value)
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test func unsupportedMatricesAreRefusedByName() {
        #expect(throws: ImageError(.unsupported, "colour matrix coefficients 14 (ICtCp) are not supported")) {
            try YCbCrMatrix(matrixCoefficients: 14, fullRange: true)
        }
        #expect(throws: ImageError(.unsupported, "colour matrix coefficients 99 (reserved) are not supported")) {
            try YCbCrMatrix(matrixCoefficients: 99, fullRange: true)
        }
    }

    @Test func planesSmallerThanThePictureAreRefused() {
        let small = YCbCrPlanes.Plane(samples: [1, 2, 3], width: 2, height: 2, stride: 2, bitDepth: 8)
        #expect(throws: ImageError.self) {
            try YCbCrConverter.convert(YCbCrPlanes(luma: small, chroma: nil), width: 2, height: 2, matrix: .bt601Full)
        }
        let luma = YCbCrPlanes.Plane(
            samples: [UInt16](repeating: 0, count: 9), width: 3, height: 3, stride: 3, bitDepth: 8)
        let chroma = YCbCrPlanes.Plane(samples: [0], width: 1, height: 1, stride: 1, bitDepth: 8)
        #expect(throws: ImageError.self) {
            try YCbCrConverter.convert(
                YCbCrPlanes(luma: luma, chroma: YCbCrPlanes.Chroma(cb: chroma, cr: chroma, shiftX: 1, shiftY: 1)),
                width: 3, height: 3, matrix: .bt601Full)
        }
        let deep = YCbCrPlanes.Plane(samples: [0], width: 1, height: 1, stride: 1, bitDepth: 17)
        #expect(throws: ImageError.self) {
            try YCbCrConverter.convert(YCbCrPlanes(luma: deep, chroma: nil), width: 1, height: 1, matrix: .bt601Full)
        }
    }
}
