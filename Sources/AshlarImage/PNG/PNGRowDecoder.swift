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
                let row = raw + start + 1
                let outputY = pass.yStart + y * pass.yStep
                if rowsAreOutput && !info.isInterlaced {
                    // Unfiltered where it ends up: copied to the output, then undone there.
                    let destination = output + outputY * outputRowBytes
                    destination.initialize(from: row, count: rowBytes)
                    let previous = y == 0 ? zeroRow : destination - outputRowBytes
                    Self.unfilter(
                        filter, row: destination, previous: previous, count: rowBytes, bytesPerPixel: bytesPerPixel)
                } else {
                    let previous = y == 0 ? zeroRow : row - rowBytes - 1
                    Self.unfilter(filter, row: row, previous: previous, count: rowBytes, bytesPerPixel: bytesPerPixel)
                    convert(
                        row, pixels: pass.width,
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

    /// Reverses one row's filter in place: `row` holds the filtered bytes and is left holding the
    /// unfiltered ones; `previous` is the unfiltered row above (zeros for a pass's first row), a
    /// separate row. `bytesPerPixel` is 1, 2, 3, 4, 6 or 8, the sizes valid headers give.
    static func unfilter(
        _ filter: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
        bytesPerPixel: Int
    ) {
        switch bytesPerPixel {
        case 1: unfilter(filter, row: row, previous: previous, count: count, distance: 1)
        case 2: unfilter(filter, row: row, previous: previous, count: count, distance: 2)
        case 3: unfilter(filter, row: row, previous: previous, count: count, distance: 3)
        case 4: unfilter(filter, row: row, previous: previous, count: count, distance: 4)
        case 6: unfilter(filter, row: row, previous: previous, count: count, distance: 6)
        default:
            precondition(bytesPerPixel == 8, "a PNG pixel is 1, 2, 3, 4, 6 or 8 bytes")
            unfilter(filter, row: row, previous: previous, count: count, distance: 8)
        }
    }

    /// The filters' loops, copied for each pixel size so that `distance`, how far back the left
    /// neighbour is, is a constant. Sub, Average and Paeth read the byte the loop wrote
    /// `distance` bytes before; with the distance known, the vectorizer sees that dependence
    /// and needs no run-time overlap check. With it a run-time value, LLVM (Swift 6.3, -O) moved
    /// that check out of `decode`'s row loop, where it no longer held, and vectorized across the
    /// dependence: wrong pixels, whether the row was read through one pointer or two
    /// (`-Xllvm -hoist-runtime-checks=false` made them right again).
    @inline(__always)
    private static func unfilter(
        _ filter: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
        distance bpp: Int
    ) {
        let first = min(bpp, count)
        switch filter {
        case 1:
            var i = bpp
            while i < count {
                row[i] &+= row[i - bpp]
                i += 1
            }
        case 2:
            for i in 0..<count { row[i] &+= previous[i] }
        case 3:
            for i in 0..<first { row[i] &+= previous[i] >> 1 }
            var i = bpp
            while i < count {
                let average = (Int(row[i - bpp]) + Int(previous[i])) >> 1
                row[i] &+= UInt8(truncatingIfNeeded: average)
                i += 1
            }
        case 4:
            // With no left neighbour, Paeth predicts the byte above.
            for i in 0..<first { row[i] &+= previous[i] }
            var i = bpp
            while i < count {
                row[i] &+= paeth(row[i - bpp], previous[i], previous[i - bpp])
                i += 1
            }
        default:
            break
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
