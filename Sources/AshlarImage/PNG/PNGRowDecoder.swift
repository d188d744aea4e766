/// Undoes PNG's row filters and turns each row's samples into the output format.
struct PNGRowDecoder {
    let info: PNGInfo
    let channels: Int
    /// 256 RGBA entries: the palette with `tRNS` alpha; indices past the palette are opaque black.
    let paletteRGBA: [UInt8]
    /// The `tRNS` colour for gray (one value) or RGB (three), at full precision.
    let key: (Int, Int, Int)?

    init(info: PNGInfo, palette: [UInt8], transparency: [UInt8]?) {
        self.info = info
        channels = info.outputFormat.channels
        var table = [UInt8](repeating: 0, count: 1024)
        for index in 0..<256 {
            table[index * 4 + 3] = 255
            if index * 3 + 2 < palette.count {
                for channel in 0..<3 { table[index * 4 + channel] = palette[index * 3 + channel] }
            }
        }
        if info.colorType == .palette, let transparency {
            for (index, alpha) in transparency.enumerated() { table[index * 4 + 3] = alpha }
        }
        paletteRGBA = table
        let t = transparency ?? []
        func sample(_ index: Int) -> Int { Int(t[index * 2]) << 8 | Int(t[index * 2 + 1]) }
        switch info.colorType {
        case .gray where t.count == 2: key = (sample(0), -1, -1)
        case .rgb where t.count == 6: key = (sample(0), sample(1), sample(2))
        default: key = nil
        }
    }

    /// Whether a row's unfiltered bytes already are output pixels (8-bit, no palette, no `tRNS`).
    private var rowsAreOutput: Bool {
        info.bitDepth == 8 && info.colorType != .palette && key == nil
    }

    /// Decodes every row `raw` holds completely (its first `available` bytes), in `passes`, into
    /// `output` (width × height × channels bytes); the pixels of missing rows are set to zero.
    /// Returns how many rows were decoded and the first row with an unknown filter type.
    func decode(
        raw: UnsafeMutablePointer<UInt8>, available: Int, passes: [PNGPass], into output: UnsafeMutablePointer<UInt8>
    ) -> (rows: Int, badFilter: (row: Int, type: UInt8)?) {
        let width = info.width
        let outputRowBytes = width * channels
        let total = outputRowBytes * info.height
        let bytesPerPixel = max(1, info.bitsPerPixel / 8)
        let widest = passes.map { $0.rowBytes(bitsPerPixel: info.bitsPerPixel) }.max() ?? 0
        let zeroRow = UnsafeMutablePointer<UInt8>.allocate(capacity: widest)
        zeroRow.initialize(repeating: 0, count: widest)
        defer { zeroRow.deallocate() }
        if info.isInterlaced { output.initialize(repeating: 0, count: total) }
        var offset = 0
        var rows = 0
        var rowIndex = 0
        for pass in passes {
            let rowBytes = pass.rowBytes(bitsPerPixel: info.bitsPerPixel)
            for y in 0..<pass.height {
                defer { rowIndex += 1 }
                let start = offset + y * (rowBytes + 1)
                guard start + rowBytes + 1 <= available else {
                    fillMissingRows(from: y, output, outputRowBytes: outputRowBytes)
                    return (rows, nil)
                }
                let filter = raw[start]
                guard filter <= 4 else {
                    fillMissingRows(from: y, output, outputRowBytes: outputRowBytes)
                    return (rows, (rowIndex, filter))
                }
                let source = raw + start + 1
                let outputY = pass.yStart + y * pass.yStep
                if rowsAreOutput && !info.isInterlaced {
                    let destination = output + outputY * outputRowBytes
                    let previous = y == 0 ? zeroRow : destination - outputRowBytes
                    Self.unfilter(
                        filter, source, into: destination, previous: previous, count: rowBytes,
                        bytesPerPixel: bytesPerPixel)
                } else {
                    let previous = y == 0 ? zeroRow : source - rowBytes - 1
                    Self.unfilter(
                        filter, source, into: source, previous: previous, count: rowBytes,
                        bytesPerPixel: bytesPerPixel)
                    convert(
                        source, pixels: pass.width,
                        into: output + (outputY * width + pass.xStart) * channels, stride: pass.xStep * channels)
                }
                rows += 1
            }
            offset += pass.height * (rowBytes + 1)
        }
        return (rows, nil)
    }

    /// Zeroes rows `y` on of a plain image; an interlaced image was zeroed before its passes.
    private func fillMissingRows(from y: Int, _ output: UnsafeMutablePointer<UInt8>, outputRowBytes: Int) {
        guard !info.isInterlaced else { return }
        (output + y * outputRowBytes).initialize(repeating: 0, count: (info.height - y) * outputRowBytes)
    }

    /// Reverses one row's filter. `source` and `destination` may be the same row: each byte is
    /// read before it is written, and earlier bytes are read only once written. Not inlined: a
    /// row is long enough that the call costs nothing, and Swift 6.3's optimizer, inlining this
    /// into ``decode(raw:available:passes:into:)``, reordered the Sub loop's reads of bytes it had
    /// just written (wrong pixels at -O only; `PNGDecoderTests` covers every filter and depth).
    @inline(never)
    static func unfilter(
        _ filter: UInt8, _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
        previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int
    ) {
        let first = min(bpp, count)
        switch filter {
        case 1:
            for i in 0..<first { destination[i] = source[i] }
            var i = bpp
            while i < count {
                destination[i] = source[i] &+ destination[i - bpp]
                i += 1
            }
        case 2:
            for i in 0..<count { destination[i] = source[i] &+ previous[i] }
        case 3:
            for i in 0..<first { destination[i] = source[i] &+ previous[i] >> 1 }
            var i = bpp
            while i < count {
                let average = (Int(destination[i - bpp]) + Int(previous[i])) >> 1
                destination[i] = source[i] &+ UInt8(truncatingIfNeeded: average)
                i += 1
            }
        case 4:
            for i in 0..<first { destination[i] = source[i] &+ previous[i] }
            var i = bpp
            while i < count {
                destination[i] = source[i] &+ paeth(destination[i - bpp], previous[i], previous[i - bpp])
                i += 1
            }
        default:
            if UnsafePointer(destination) != source { destination.update(from: source, count: count) }
        }
    }

    @inline(__always) static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let a16 = Int(a)
        let b16 = Int(b)
        let c16 = Int(c)
        let pa = abs(b16 - c16)
        let pb = abs(a16 - c16)
        let pc = abs(a16 + b16 - 2 * c16)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }
}
