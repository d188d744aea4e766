extension PNGRowDecoder {
    /// Writes `pixels` pixels of an unfiltered row to `output`, `stride` bytes apart.
    func convert(_ row: UnsafePointer<UInt8>, pixels: Int, into output: UnsafeMutablePointer<UInt8>, stride: Int) {
        let depth = info.bitDepth
        switch info.colorType {
        case .palette:
            paletteRGBA.withUnsafeBufferPointer { table in
                // An index is at most 8 bits, so `index * 4 + 3` is below the table's 1,024 entries.
                let table = table.baseAddress!
                let colours = channels
                for x in 0..<pixels {
                    let index = Int(Self.packedSample(row, x, depth)) * 4
                    let out = output + x * stride
                    for channel in 0..<colours { out[channel] = table[index + channel] }
                }
            }
        case .gray:
            let scale = depth >= 8 ? 1 : 255 / (1 << depth - 1)
            for x in 0..<pixels {
                let out = output + x * stride
                let value: Int
                if depth == 16 {
                    value = Int(row[2 * x]) << 8 | Int(row[2 * x + 1])
                    out[0] = row[2 * x]
                } else {
                    value = depth == 8 ? Int(row[x]) : Int(Self.packedSample(row, x, depth))
                    out[0] = UInt8(truncatingIfNeeded: value * scale)
                }
                if let key { out[1] = value == key.0 ? 0 : 255 }
            }
        case .rgb:
            for x in 0..<pixels {
                let out = output + x * stride
                if depth == 16 {
                    let at = row + 6 * x
                    out[0] = at[0]
                    out[1] = at[2]
                    out[2] = at[4]
                    if let key {
                        let matches =
                            Int(at[0]) << 8 | Int(at[1]) == key.0 && Int(at[2]) << 8 | Int(at[3]) == key.1
                            && Int(at[4]) << 8 | Int(at[5]) == key.2
                        out[3] = matches ? 0 : 255
                    }
                } else {
                    let at = row + 3 * x
                    out[0] = at[0]
                    out[1] = at[1]
                    out[2] = at[2]
                    if let key {
                        out[3] = Int(at[0]) == key.0 && Int(at[1]) == key.1 && Int(at[2]) == key.2 ? 0 : 255
                    }
                }
            }
        case .grayAlpha, .rgba:
            let samples = info.colorType.samples
            let step = depth / 8
            for x in 0..<pixels {
                let out = output + x * stride
                let at = row + x * samples * step
                for channel in 0..<samples { out[channel] = at[channel * step] }
            }
        }
    }

    /// The `x`th sample of a row packed at `depth` bits (1, 2, 4 or 8), most significant first.
    @inline(__always)
    static func packedSample(_ row: UnsafePointer<UInt8>, _ x: Int, _ depth: Int) -> UInt8 {
        if depth == 8 { return row[x] }
        let bit = x * depth
        let shift = 8 - depth - bit & 7
        return row[bit >> 3] >> UInt8(shift) & UInt8(1 << depth - 1)
    }
}
