/// Writes 8-bit PNG files: gray, gray+alpha, RGB or RGBA as the image is.
///
/// Each row gets the filter whose output has the smallest sum of absolute values (bytes read as
/// signed), libpng's adaptive heuristic; the rows are compressed with ``Deflater`` (about zlib
/// level 6). The output depends only on the pixels and the profile.
public enum PNGEncoder {
    /// The 8-bit colour type that stores `format`.
    static func colorType(of format: PixelFormat) -> PNGInfo.ColorType {
        switch format {
        case .gray: .gray
        case .grayAlpha: .grayAlpha
        case .rgb: .rgb
        case .rgba: .rgba
        }
    }

    /// The PNG file for `image`, with an `iCCP` chunk named "ICC profile" when a profile is given.
    public static func encode(_ image: PixelImage, iccProfile: [UInt8]? = nil) -> [UInt8] {
        var file = ImageFormat.pngSignature
        var header = bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, colorType(of: image.format).rawValue, 0, 0, 0]
        appendChunk("IHDR", header, to: &file)
        if let iccProfile {
            appendChunk("iCCP", Array("ICC profile".utf8) + [0, 0] + Deflater.compress(zlib: iccProfile), to: &file)
        }
        let compressed = filteredRows(image).withUnsafeBufferPointer { Deflater.compress(zlib: $0) }
        // Chunks of at most 1 MiB, so a reader never needs one huge chunk in memory at once.
        var offset = 0
        repeat {
            let end = min(compressed.count, offset + (1 << 20))
            appendChunk("IDAT", Array(compressed[offset..<end]), to: &file)
            offset = end
        } while offset < compressed.count
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Every row preceded by its filter type and filtered.
    static func filteredRows(_ image: PixelImage) -> [UInt8] {
        let rowBytes = image.rowBytes
        let bpp = image.format.channels
        let height = image.height
        return [UInt8](unsafeUninitializedCapacity: height * (rowBytes + 1)) { output, initialized in
            let candidates = OwnedBuffer<UInt8>(uninitializedCount: 5 * rowBytes)
            let zeroRow = OwnedBuffer<UInt8>(repeating: 0, count: rowBytes)
            defer { withExtendedLifetime((candidates, zeroRow)) {} }
            image.pixels.withUnsafeBufferPointer { pixels in
                let pixels = pixels.baseAddress!
                for y in 0..<height {
                    let row = pixels + y * rowBytes
                    let above = y == 0 ? UnsafePointer(zeroRow.base) : row - rowBytes
                    var best = 0
                    var bestCost = Int.max
                    for filter in 0..<5 {
                        let cost = Self.filter(
                            filter, row, above, into: candidates.base + filter * rowBytes,
                            count: rowBytes, bpp: bpp)
                        if cost < bestCost {
                            best = filter
                            bestCost = cost
                        }
                    }
                    let destination = output.baseAddress! + y * (rowBytes + 1)
                    destination[0] = UInt8(best)
                    (destination + 1).initialize(from: candidates.base + best * rowBytes, count: rowBytes)
                }
            }
            initialized = height * (rowBytes + 1)
        }
    }

    /// Filters one row and returns the sum of the output bytes' magnitudes as signed values.
    /// The first `bpp` bytes, which have no left neighbour, are filtered with zeros for it. The
    /// loops read only the input rows, and the sum is a separate loop, so both vectorize.
    @inline(never)
    static func filter(
        _ filter: Int, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>,
        into output: UnsafeMutablePointer<UInt8>, count: Int, bpp: Int
    ) -> Int {
        let first = min(bpp, count)
        switch filter {
        case 1:
            for i in 0..<first { output[i] = row[i] }
            for i in first..<count { output[i] = row[i] &- row[i - bpp] }
        case 2:
            for i in 0..<count { output[i] = row[i] &- above[i] }
        case 3:
            for i in 0..<first { output[i] = row[i] &- above[i] >> 1 }
            for i in first..<count {
                output[i] = row[i] &- UInt8(truncatingIfNeeded: (UInt16(row[i - bpp]) &+ UInt16(above[i])) >> 1)
            }
        case 4:
            for i in 0..<first { output[i] = row[i] &- above[i] }
            for i in first..<count { output[i] = row[i] &- PNGRowDecoder.paeth(row[i - bpp], above[i], above[i - bpp]) }
        default:
            output.update(from: row, count: count)
        }
        // |Int8(v)| is min(v, 256 - v) as a byte (128 stays 128). The sum wraps only for rows over
        // 33 MB, where it could only change which filter is chosen.
        var cost: UInt32 = 0
        for i in 0..<count { cost &+= UInt32(min(output[i], 0 &- output[i])) }
        return Int(cost)
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeAndData = Array(type.utf8) + data
        file += bigEndian(UInt32(data.count))
        file += typeAndData
        file += bigEndian(CRC32.checksum(typeAndData))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
