/// Turns decoded component samples into output rows, one iMCU row at a time: each component's
/// samples for the current and the next iMCU row (plus the last row before them, the context
/// libjpeg's vertical "fancy" upsampling needs) live in a small strip, so memory is the output
/// plus a few rows. Upsampling and colour conversion follow djpeg's defaults exactly.
///
/// The output is the whole image (``Output/image(_:)``) or, for a decode that streams its rows
/// on (``Output/rows(_:)``), one iMCU row of output rows handed to a consumer as soon as they
/// are made and overwritten by the next.
final class JPEGRowAssembler {
    /// Where output rows go.
    enum Output {
        /// Row `y` at `pointer + y · width · channels`.
        case image(UnsafeMutablePointer<UInt8>)
        /// Each iMCU row's output rows, top to bottom, handed to the consumer as (first row,
        /// row count, their pixels): valid only during the call.
        case rows((Int, Int, UnsafePointer<UInt8>) -> Void)
    }

    enum Upsampling: Equatable {
        case none
        case fancyH2V1
        case fancyH1V2
        case fancyH2V2
        /// Each sample repeated `h` times across and `v` times down (libjpeg's `int_upsample`).
        case replicate(h: Int, v: Int)
    }

    struct Component {
        /// Side of the square each block decodes to (8, 4, 2 or 1).
        var blockSize: Int
        var h: Int
        var v: Int
        /// Bytes between rows of the strip.
        var stride: Int
        /// Sample rows in one iMCU row.
        var rowsPerIMCU: Int
        /// Samples that hold image data (libjpeg's `downsampled_width` and `_height`).
        var width: Int
        var height: Int
        var upsampling: Upsampling
        /// Two iMCU rows of samples, then one row: the last row of the iMCU row before.
        var strip: UnsafeMutablePointer<UInt8>
        /// One upsampled row.
        var scratch: UnsafeMutablePointer<UInt8>
    }

    let transform: JPEGFrame.ColorTransform
    let outputWidth: Int
    let outputHeight: Int
    let outputRowsPerIMCU: Int
    let imcuRows: Int
    private(set) var components: [Component] = []
    /// What the components' strips and scratch rows point into.
    private var memory: [OwnedBuffer<UInt8>] = []
    /// The rows' destination: the whole image, or the band of one iMCU row's rows.
    private let output: UnsafeMutablePointer<UInt8>
    private let consumer: ((Int, Int, UnsafePointer<UInt8>) -> Void)?
    private let channels: Int

    /// Fails with `.unsupported` for sampling factors whose ratios are not whole numbers.
    init(
        frame: JPEGFrame, scale: JPEGScale, transform: JPEGFrame.ColorTransform, output: Output
    ) throws(ImageError) {
        self.transform = transform
        channels = transform == .gray ? 1 : 3
        let s = scale.blockSize
        let maxH = frame.maxH
        let maxV = frame.maxV
        (outputWidth, outputHeight) = scale.outputSize(width: frame.width, height: frame.height)
        outputRowsPerIMCU = maxV * s
        imcuRows = frame.mcusY
        // Checked for every component before any strip is allocated.
        for c in frame.components {
            let size = Self.blockSize(c, frame: frame, scale: scale)
            guard (maxH * s) % (c.h * size) == 0, (maxV * s) % (c.v * size) == 0 else {
                let factors = frame.components.map { "\($0.h)×\($0.v)" }.joined(separator: ", ")
                throw ImageError(.unsupported, "JPEG sampling factors \(factors) are not supported")
            }
        }
        switch output {
        case .image(let pointer):
            self.output = pointer
            consumer = nil
        case .rows(let take):
            let band = OwnedBuffer<UInt8>(uninitializedCount: outputRowsPerIMCU * outputWidth * channels)
            memory.append(band)
            self.output = band.base
            consumer = take
        }
        var plans: [Component] = []
        for c in frame.components {
            let size = Self.blockSize(c, frame: frame, scale: scale)
            let he = (maxH * s) / (c.h * size)
            let ve = (maxV * s) / (c.v * size)
            let width = (frame.width * c.h * size + maxH * 8 - 1) / (maxH * 8)
            let height = (frame.height * c.v * size + maxV * 8 - 1) / (maxV * 8)
            let fancy = s > 1
            let upsampling: Upsampling
            switch (he, ve) {
            case (1, 1): upsampling = .none
            case (2, 1) where fancy && width > 2: upsampling = .fancyH2V1
            case (1, 2) where fancy: upsampling = .fancyH1V2
            case (2, 2) where fancy && width > 2: upsampling = .fancyH2V2
            default: upsampling = .replicate(h: he, v: ve)
            }
            let stride = frame.mcusX * c.h * size
            let rows = c.v * size
            let stripBytes = (2 * rows + 1) * stride
            let strip = OwnedBuffer<UInt8>(repeating: 128, count: stripBytes)
            let scratch = OwnedBuffer<UInt8>(repeating: 0, count: stride * he + 16)
            memory += [strip, scratch]
            plans.append(
                Component(
                    blockSize: size, h: c.h, v: c.v, stride: stride, rowsPerIMCU: rows,
                    width: width, height: height, upsampling: upsampling,
                    strip: strip.base, scratch: scratch.base))
        }
        components = plans
    }

    /// The side of the square component `c`'s blocks decode to at `scale`. As libjpeg-turbo's
    /// jdmaster.c: a subsampled component is decoded with a larger IDCT when that makes its size
    /// match the output, instead of being upsampled.
    static func blockSize(_ c: JPEGFrame.Component, frame: JPEGFrame, scale: JPEGScale) -> Int {
        let s = scale.blockSize
        var size = s
        while size < 8 && (frame.maxH * s) % (c.h * size * 2) == 0 && (frame.maxV * s) % (c.v * size * 2) == 0 {
            size *= 2
        }
        return size
    }

    /// The bytes `init` allocates for its strips and scratch rows (and, handing its rows on, the
    /// band of one iMCU row's output rows: ``JPEGHeader/checkHandingRows(_:scale:limits:)``).
    static func memoryNeeded(frame: JPEGFrame, scale: JPEGScale) -> Int {
        frame.components.reduce(0) { bytes, c in
            let size = blockSize(c, frame: frame, scale: scale)
            let stride = frame.mcusX * c.h * size
            let across = max(1, (frame.maxH * scale.blockSize) / (c.h * size))
            return bytes + (2 * c.v * size + 1) * stride + stride * across + 16
        }
    }

    /// Where iMCU row `k` of component `c` is to be decoded.
    @inline(__always)
    func slot(_ c: Int, _ k: Int) -> UnsafeMutablePointer<UInt8> {
        components[c].strip + (k & 1) * components[c].rowsPerIMCU * components[c].stride
    }

    /// Tells the assembler that iMCU row `k` (rows are filled in order) has been decoded into
    /// ``slot(_:_:)``. Rows of iMCU row k - 1 are written now: their context comes from row k.
    func didFill(_ k: Int) {
        if k > 0 {
            emit(k - 1)
            saveLastRow(k - 1)
        }
        if k == imcuRows - 1 { emit(k) }
    }

    private func saveLastRow(_ k: Int) {
        for c in components.indices {
            let p = components[c]
            let last = slot(c, k) + (p.rowsPerIMCU - 1) * p.stride
            (p.strip + 2 * p.rowsPerIMCU * p.stride).update(from: last, count: p.stride)
        }
    }

    /// Row `r` of component `c` (clamped to the image, as libjpeg replicates edge rows) while
    /// iMCU row `k` is emitted: it lies in row k, the first row of k + 1, or the last row of k - 1.
    @inline(__always)
    private func row(_ c: Int, _ r: Int, _ k: Int) -> UnsafeMutablePointer<UInt8> {
        let p = components[c]
        let r = min(max(r, 0), p.height - 1)
        let first = k * p.rowsPerIMCU
        if r < first { return p.strip + 2 * p.rowsPerIMCU * p.stride }
        if r >= first + p.rowsPerIMCU { return slot(c, k + 1) + (r - first - p.rowsPerIMCU) * p.stride }
        return slot(c, k) + (r - first) * p.stride
    }

    private func emit(_ k: Int) {
        let start = k * outputRowsPerIMCU
        let end = min(start + outputRowsPerIMCU, outputHeight)
        guard start < end else { return }
        var rows: [UnsafePointer<UInt8>] = Array(
            repeating: UnsafePointer(components[0].strip),
            count: components.count)
        // The band holds one iMCU row's rows, from its first.
        let first = consumer == nil ? 0 : start
        for y in start..<end {
            for c in components.indices {
                rows[c] = upsampledRow(c, y, k)
            }
            convert(rows, into: output + (y - first) * outputWidth * channels)
        }
        consumer?(start, end - start, UnsafePointer(output))
    }

    private func upsampledRow(_ c: Int, _ y: Int, _ k: Int) -> UnsafePointer<UInt8> {
        let p = components[c]
        let out = p.scratch
        switch p.upsampling {
        case .none:
            return UnsafePointer(row(c, y, k))
        case .fancyH2V1:
            let src = row(c, y, k)
            var value = Int(src[0])
            out[0] = UInt8(value)
            out[1] = UInt8((value * 3 + Int(src[1]) + 2) >> 2)
            for x in 1..<(p.width - 1) {
                value = Int(src[x]) * 3
                out[2 * x] = UInt8((value + Int(src[x - 1]) + 1) >> 2)
                out[2 * x + 1] = UInt8((value + Int(src[x + 1]) + 2) >> 2)
            }
            let x = p.width - 1
            value = Int(src[x])
            out[2 * x] = UInt8((value * 3 + Int(src[x - 1]) + 1) >> 2)
            out[2 * x + 1] = UInt8(value)
        case .fancyH1V2:
            let near = row(c, y >> 1, k)
            let far = row(c, y & 1 == 0 ? (y >> 1) - 1 : (y >> 1) + 1, k)
            let bias = y & 1 == 0 ? 1 : 2
            for x in 0..<p.width {
                out[x] = UInt8((Int(near[x]) * 3 + Int(far[x]) + bias) >> 2)
            }
        case .fancyH2V2:
            let near = row(c, y >> 1, k)
            let far = row(c, y & 1 == 0 ? (y >> 1) - 1 : (y >> 1) + 1, k)
            var this = Int(near[0]) * 3 + Int(far[0])
            var next = Int(near[1]) * 3 + Int(far[1])
            out[0] = UInt8((this * 4 + 8) >> 4)
            out[1] = UInt8((this * 3 + next + 7) >> 4)
            var last = this
            this = next
            for x in 1..<(p.width - 1) {
                next = Int(near[x + 1]) * 3 + Int(far[x + 1])
                out[2 * x] = UInt8((this * 3 + last + 8) >> 4)
                out[2 * x + 1] = UInt8((this * 3 + next + 7) >> 4)
                last = this
                this = next
            }
            let x = p.width - 1
            out[2 * x] = UInt8((this * 3 + last + 8) >> 4)
            out[2 * x + 1] = UInt8((this * 4 + 7) >> 4)
        case .replicate(let h, let v):
            let src = row(c, y / v, k)
            if h == 1 { return UnsafePointer(src) }
            for x in 0..<((outputWidth + h - 1) / h) {
                for i in 0..<h { out[x * h + i] = src[x] }
            }
        }
        return UnsafePointer(out)
    }

    private func convert(_ rows: [UnsafePointer<UInt8>], into out: UnsafeMutablePointer<UInt8>) {
        let width = outputWidth
        switch transform {
        case .gray:
            out.update(from: rows[0], count: width)
        case .rgb:
            let r = rows[0]
            let g = rows[1]
            let b = rows[2]
            for x in 0..<width {
                out[3 * x] = r[x]
                out[3 * x + 1] = g[x]
                out[3 * x + 2] = b[x]
            }
        case .ycbcr:
            Self.convertYCbCr(rows[0], rows[1], rows[2], into: out, width: width)
        case .cmyk:
            let c = rows[0]
            let m = rows[1]
            let y = rows[2]
            let k = rows[3]
            for x in 0..<width {
                let kk = Int32(k[x])
                out[3 * x] = Self.multiply(Int32(c[x]), kk)
                out[3 * x + 1] = Self.multiply(Int32(m[x]), kk)
                out[3 * x + 2] = Self.multiply(Int32(y[x]), kk)
            }
        case .ycck:
            let yp = rows[0]
            let cbp = rows[1]
            let crp = rows[2]
            let k = rows[3]
            for x in 0..<width {
                // YCCK holds inverted CMY as YCbCr; libjpeg turns it into CMYK like this.
                let (r, g, b) = Self.ycc(Int32(yp[x]), Int32(cbp[x]), Int32(crp[x]))
                let kk = Int32(k[x])
                out[3 * x] = Self.multiply(255 - Int32(r), kk)
                out[3 * x + 1] = Self.multiply(255 - Int32(g), kk)
                out[3 * x + 2] = Self.multiply(255 - Int32(b), kk)
            }
        }
    }

    /// ``ycc(_:_:_:)`` eight pixels at a time in SIMD registers, then interleaved.
    private static func convertYCbCr(
        _ yp: UnsafePointer<UInt8>, _ cbp: UnsafePointer<UInt8>,
        _ crp: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
        width: Int
    ) {
        var x = 0
        while x + 8 <= width {
            let y = SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(yp + x).loadUnaligned(as: SIMD8<UInt8>.self))
            let cb =
                SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(cbp + x).loadUnaligned(as: SIMD8<UInt8>.self))
                &- 128
            let cr =
                SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(crp + x).loadUnaligned(as: SIMD8<UInt8>.self))
                &- 128
            let half = SIMD8<Int32>(repeating: 32768)
            let r = y &+ ((91881 &* cr &+ half) &>> 16)
            let g = y &+ ((-22554 &* cb &- 46802 &* cr &+ half) &>> 16)
            let b = y &+ ((116130 &* cb &+ half) &>> 16)
            let low = SIMD8<Int32>(repeating: 0)
            let high = SIMD8<Int32>(repeating: 255)
            let r8 = SIMD8<UInt8>(truncatingIfNeeded: r.clamped(lowerBound: low, upperBound: high))
            let g8 = SIMD8<UInt8>(truncatingIfNeeded: g.clamped(lowerBound: low, upperBound: high))
            let b8 = SIMD8<UInt8>(truncatingIfNeeded: b.clamped(lowerBound: low, upperBound: high))
            let o = out + 3 * x
            for i in 0..<8 {
                o[3 * i] = r8[i]
                o[3 * i + 1] = g8[i]
                o[3 * i + 2] = b8[i]
            }
            x += 8
        }
        while x < width {
            let (r, g, b) = ycc(Int32(yp[x]), Int32(cbp[x]), Int32(crp[x]))
            out[3 * x] = r
            out[3 * x + 1] = g
            out[3 * x + 2] = b
            x += 1
        }
    }

    /// libjpeg's fixed-point YCbCr to RGB (jdcolor.c, 16 fractional bits).
    @inline(__always)
    static func ycc(_ y: Int32, _ cb: Int32, _ cr: Int32) -> (UInt8, UInt8, UInt8) {
        let cb = cb - 128
        let cr = cr - 128
        let r = y + ((91881 * cr + 32768) >> 16)
        let g = y + ((-22554 * cb - 46802 * cr + 32768) >> 16)
        let b = y + ((116130 * cb + 32768) >> 16)
        return (clamp(r), clamp(g), clamp(b))
    }

    @inline(__always)
    static func clamp(_ v: Int32) -> UInt8 { UInt8(truncatingIfNeeded: min(max(v, 0), 255)) }

    /// `round(a × b / 255)`, as djpeg shows stored (Adobe-inverted) CMYK: R = C·K/255.
    @inline(__always)
    static func multiply(_ a: Int32, _ b: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: (2 * a * b + 255) / 510)
    }
}
