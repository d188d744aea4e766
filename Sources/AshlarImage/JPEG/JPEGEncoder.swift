/// Writes 8-bit JPEG files. With ``JPEGEncoderSettings/libjpeg`` they are what `cjpeg -baseline
/// -optimize` writes: libjpeg's colour conversion, downsampling, integer DCT and quality scaling,
/// Huffman tables built for each image's own symbols. With ``JPEGEncoderSettings/perceptual`` (the
/// default, what renditions use) the same transform feeds perceptual tables, adaptive quantisation
/// and progressive scans: fewer bytes for the same perceived quality. The same pixels always give
/// the same bytes.
public enum JPEGEncoder {
    /// Encodes `image` as a JFIF file.
    ///
    /// - Parameters:
    ///   - image: the pixels, in any ``PixelFormat``.
    ///   - quality: 1...100 (values outside are clamped). With the standard tables it scales T.81
    ///     Annex K's exactly as libjpeg does, so a quality here gives `cjpeg -baseline -quality`'s
    ///     tables: entries are capped at 255 so the file stays baseline (plain `cjpeg` switches to
    ///     16-bit tables below about quality 25), and the scan data is byte for byte
    ///     `cjpeg -baseline -optimize`'s. With the perceptual tables, a quality looks at least as
    ///     good as the standard tables at the same quality (SSIMULACRA2) in fewer bytes.
    ///   - subsampling: chroma resolution of colour images; gray images have one component.
    ///   - settings: the tables, adaptive quantisation and scans; ``JPEGEncoderSettings/libjpeg``
    ///     gives `cjpeg -baseline -optimize`'s bytes.
    ///   - iccProfile: written as `ICC_PROFILE` APP2 chunks of up to 65,519 bytes. A profile too
    ///     large for the 255 chunks the format allows (about 16 MB), or an empty one, is left out.
    /// - Returns: the file's bytes. Alpha is composited over white (`.rgba` gives a colour JPEG,
    ///   `.grayAlpha` a gray one). Images wider or taller than 65,535 pixels, the most a JPEG frame
    ///   can state, are cropped to that size.
    public static func encode(
        _ image: PixelImage, quality: Int = 85, subsampling: ChromaSubsampling = .s420, iccProfile: [UInt8]? = nil,
        settings: JPEGEncoderSettings = .perceptual
    ) -> [UInt8] {
        encode(
            image, quality: quality, subsampling: subsampling, iccProfile: iccProfile, settings: settings, script: nil)
    }

    /// ``encode(_:quality:subsampling:iccProfile:settings:)`` with the scans of `script` when
    /// `settings` asks for progressive scans (nil: the script chosen for the image's components).
    package static func encode(
        _ image: PixelImage, quality: Int, subsampling: ChromaSubsampling, iccProfile: [UInt8]?,
        settings: JPEGEncoderSettings, script: JPEGScanScript?
    ) -> [UInt8] {
        // Without an allowance, `attempt` always returns a file.
        attempt(
            image.format.hasAlpha ? compositedOverWhite(image) : image, quality: min(max(quality, 1), 100),
            subsampling: subsampling, iccProfile: iccProfile, settings: settings, script: script, allowance: nil) ?? []
    }

    /// One try at encoding `source` (no alpha) at `quality`: the file, or nil when its coded data
    /// passed `allowance`.
    static func attempt(
        _ source: PixelImage, quality: Int, subsampling: ChromaSubsampling, iccProfile: [UInt8]?,
        settings: JPEGEncoderSettings, script: JPEGScanScript?, allowance: CodedByteAllowance?
    ) -> [UInt8]? {
        let frame = Frame(
            width: min(source.width, maximumDimension), height: min(source.height, maximumDimension),
            components: source.format == .gray ? 1 : 3, subsampling: subsampling)
        let quantisers = quantisers(settings.tables, quality: quality)
        let divisors = quantisers.map(divisors)
        let tableCount = frame.components == 1 ? 1 : 2

        var output: [UInt8] = [0xFF, 0xD8]
        appendJFIF(to: &output)
        if let iccProfile { appendICCProfile(iccProfile, to: &output) }
        let written = frame.components == 1 ? [quantisers[0]] : quantisers
        appendQuantisers(written, to: &output)
        switch settings.scans {
        case .sequential:
            let blocks = transform(
                source, frame: frame, divisors: divisors, adaptive: settings.adaptiveQuantisation, countsSymbols: true)
            var tables: [HuffmanTable] = []
            for table in 0..<tableCount {
                let offset = table * 2 * 257
                tables.append(HuffmanTable(frequencies: blocks.frequencies[offset..<offset + 257]))
                tables.append(HuffmanTable(frequencies: blocks.frequencies[offset + 257..<offset + 514]))
            }
            appendFrameHeader(frame, progressive: false, to: &output)
            appendHuffmanTables(tables, to: &output)
            appendScanHeader(frame, to: &output)
            let data = entropyCode(blocks, frame: frame, tables: tables, allowance: allowance)
            if allowance?.isPassed(by: data.count) == true { return nil }
            output.reserveCapacity(output.count + data.count + 2)
            output += data
        case .progressive:
            let script = script ?? .script(components: frame.components, pixels: frame.width * frame.height)
            var scans = ProgressiveScans(frame: frame, script: script)
            let blocks = transform(
                source, frame: frame, divisors: divisors, adaptive: settings.adaptiveQuantisation,
                countsSymbols: false
            ) { row, coefficients, masks in
                scans.count(mcuRow: row, coefficients: coefficients, masks: masks)
            }
            appendFrameHeader(frame, progressive: true, to: &output)
            guard scans.append(blocks, to: &output, allowance: allowance) else { return nil }
        }
        output += [0xFF, 0xD9]
        return output
    }

    /// The largest width or height a JPEG frame header can state.
    static let maximumDimension = 65_535

    /// Profile bytes per APP2 chunk: a segment's 65,535 bytes less the length field (2) and the
    /// `ICC_PROFILE\0`, sequence number and count header (14).
    static let iccChunkSize = 65_519

    /// The geometry of the frame: components, sampling and minimum coded units (MCUs).
    struct Frame {
        var width: Int
        var height: Int
        /// 1 (Y) or 3 (Y, Cb, Cr).
        var components: Int
        /// Luma blocks per MCU in each direction: 2 for 4:2:0 colour, otherwise 1.
        var factor: Int

        init(width: Int, height: Int, components: Int, subsampling: ChromaSubsampling) {
            self.width = width
            self.height = height
            self.components = components
            factor = components == 3 && subsampling == .s420 ? 2 : 1
        }

        var mcuSize: Int { 8 * factor }
        var mcuColumns: Int { (width + mcuSize - 1) / mcuSize }
        var mcuRows: Int { (height + mcuSize - 1) / mcuSize }
        var lumaBlocksPerMCU: Int { factor * factor }
        var blocksPerMCU: Int { lumaBlocksPerMCU + components - 1 }
        var blockCount: Int { mcuColumns * mcuRows * blocksPerMCU }
    }

    /// Every block's quantised coefficients in zig-zag order, in MCU order, with the symbol counts
    /// the Huffman tables are built from.
    struct QuantisedBlocks {
        /// 64 per block.
        var coefficients: [Int16]
        /// Per block, bit `k` set when AC coefficient `k` is non-zero.
        var masks: [UInt64]
        /// 257 counts each for luma DC, luma AC, chroma DC, chroma AC.
        var frequencies: [Int]
    }

    /// Converts, downsamples, transforms and quantises the image one row of MCUs at a time; with
    /// `countsSymbols`, counts the symbols a sequential scan codes. After each row, `afterRow`
    /// sees the row's index and every block so far (a progressive frame counts each scan's own
    /// symbols there, while the row is in cache).
    static func transform(
        _ image: PixelImage, frame: Frame, divisors: [[UInt64]], adaptive: Bool, countsSymbols: Bool,
        afterRow: ((Int, UnsafePointer<Int16>, UnsafePointer<UInt64>) -> Void)? = nil
    ) -> QuantisedBlocks {
        let blockCount = frame.blockCount
        var coefficients = [Int16](repeating: 0, count: blockCount * 64)
        var masks = [UInt64](repeating: 0, count: blockCount)
        var frequencies = [Int](repeating: 0, count: 4 * 257)
        let mcuSize = frame.mcuSize
        let paddedWidth = frame.mcuColumns * mcuSize
        let planeSize = paddedWidth * mcuSize
        let chromaWidth = paddedWidth / frame.factor
        // Luma, full-resolution Cb and Cr, then (4:2:0) the halved Cb and Cr: one strip of MCUs.
        let scratchSize = frame.components == 1 ? planeSize : 3 * planeSize + 2 * chromaWidth * 8
        let scratchMemory = OwnedBuffer<UInt8>(uninitializedCount: scratchSize)
        let workspaceMemory = OwnedBuffer<Int32>(uninitializedCount: 64)
        defer { withExtendedLifetime((scratchMemory, workspaceMemory)) {} }
        let scratch = scratchMemory.base
        let workspace = workspaceMemory.base
        let luma = scratch
        let fullBlue = scratch + planeSize
        let fullRed = scratch + 2 * planeSize
        let blue = frame.factor == 2 ? scratch + 3 * planeSize : fullBlue
        let red = frame.factor == 2 ? blue + chromaWidth * 8 : fullRed
        // Luma, Cb, Cr: Cr shares Cb's table.
        let divisorTable = divisors.count == 1 ? divisors[0] : divisors[0] + divisors[1] + divisors[1]

        image.pixels.withUnsafeBufferPointer { pixelBuffer in
            coefficients.withUnsafeMutableBufferPointer { coefficientBuffer in
                masks.withUnsafeMutableBufferPointer { maskBuffer in
                    frequencies.withUnsafeMutableBufferPointer { frequencyBuffer in
                        divisorTable.withUnsafeBufferPointer { divisorBuffer in
                            naturalOrder.withUnsafeBufferPointer { orderBuffer in
                                // Every buffer is non-empty (the image has at least one pixel), so the base addresses exist.
                                guard let pixels = pixelBuffer.baseAddress, var block = coefficientBuffer.baseAddress,
                                    var mask = maskBuffer.baseAddress, let counts = frequencyBuffer.baseAddress,
                                    let lumaDivisors = divisorBuffer.baseAddress, let order = orderBuffer.baseAddress
                                else { return }
                                let allBlocks = UnsafePointer(block)
                                let allMasks = UnsafePointer(mask)
                                var previousDC: (Int32, Int32, Int32) = (0, 0, 0)

                                @inline(__always)
                                func code(
                                    _ plane: UnsafePointer<UInt8>, stride: Int, component: Int, previous: inout Int32
                                ) {
                                    let bits = transformBlock(
                                        plane, stride: stride, workspace: workspace,
                                        divisors: lumaDivisors + divisorStride * component,
                                        naturalOrder: order, output: block, adaptive: adaptive)
                                    if countsSymbols {
                                        let tables = counts + (component > 0 ? 514 : 0)
                                        countSymbols(
                                            block, mask: bits, previousDC: &previous, dc: tables, ac: tables + 257)
                                    }
                                    mask.pointee = bits
                                    block += 64
                                    mask += 1
                                }

                                // A 4:2:0 MCU may reach a whole block past the luma edge. Like libjpeg (`compress_first_pass`),
                                // such a block repeats the DC of the last real block before it, in that row or the row
                                // above, and has no AC: the cheapest block to code. Blocks start zeroed.
                                @inline(__always)
                                func dummy(dc: Int16, previous: inout Int32) {
                                    block[0] = dc
                                    if countsSymbols {
                                        countSymbols(
                                            block, mask: 0, previousDC: &previous, dc: counts, ac: counts + 257)
                                    }
                                    block += 64
                                    mask += 1
                                }
                                let lumaColumns = (frame.width + 7) / 8
                                let lumaRows = (frame.height + 7) / 8

                                for mcuRow in 0..<frame.mcuRows {
                                    let firstRow = mcuRow * mcuSize
                                    if frame.components == 1 {
                                        copyGray(
                                            pixels, width: frame.width, height: image.height, rowBytes: image.rowBytes,
                                            firstRow: firstRow, rows: mcuSize, paddedWidth: paddedWidth, luma: luma)
                                    } else {
                                        convertRGB(
                                            pixels, width: frame.width, height: image.height, rowBytes: image.rowBytes,
                                            firstRow: firstRow, rows: mcuSize, paddedWidth: paddedWidth,
                                            luma: luma, blue: fullBlue, red: fullRed)
                                        if frame.factor == 2 {
                                            // Below the image libjpeg repeats the last chroma row, not the last pixel row.
                                            let chromaRows = min(8, (frame.height - firstRow + 1) / 2)
                                            downsample(fullBlue, width: paddedWidth, rows: chromaRows, into: blue)
                                            downsample(fullRed, width: paddedWidth, rows: chromaRows, into: red)
                                            for row in chromaRows..<8 {
                                                (blue + row * chromaWidth).update(
                                                    from: blue + (chromaRows - 1) * chromaWidth,
                                                    count: chromaWidth)
                                                (red + row * chromaWidth).update(
                                                    from: red + (chromaRows - 1) * chromaWidth,
                                                    count: chromaWidth)
                                            }
                                        }
                                    }
                                    for column in 0..<frame.mcuColumns {
                                        let left = column * mcuSize
                                        let firstBlock = block
                                        for y in 0..<frame.factor {
                                            for x in 0..<frame.factor {
                                                if mcuRow * frame.factor + y >= lumaRows {
                                                    dummy(
                                                        dc: firstBlock[64 * (frame.factor - 1)], previous: &previousDC.0
                                                    )
                                                } else if column * frame.factor + x >= lumaColumns {
                                                    dummy(dc: block[-64], previous: &previousDC.0)
                                                } else {
                                                    code(
                                                        luma + y * 8 * paddedWidth + left + x * 8, stride: paddedWidth,
                                                        component: 0,
                                                        previous: &previousDC.0)
                                                }
                                            }
                                        }
                                        if frame.components == 3 {
                                            code(
                                                blue + column * 8, stride: chromaWidth, component: 1,
                                                previous: &previousDC.1)
                                            code(
                                                red + column * 8, stride: chromaWidth, component: 2,
                                                previous: &previousDC.2)
                                        }
                                    }
                                    afterRow?(mcuRow, allBlocks, allMasks)
                                }
                            }
                        }
                    }
                }
            }
        }
        return QuantisedBlocks(coefficients: coefficients, masks: masks, frequencies: frequencies)
    }

    /// Huffman-codes the blocks in MCU order: one scan, no restart markers.
    static func entropyCode(
        _ blocks: QuantisedBlocks, frame: Frame, tables: [HuffmanTable], allowance: CodedByteAllowance?
    ) -> [UInt8] {
        var writer = BitWriter(capacity: frame.blockCount * 16, allowance: allowance)
        let codes = tables.flatMap(\.codes)
        blocks.coefficients.withUnsafeBufferPointer { coefficientBuffer in
            blocks.masks.withUnsafeBufferPointer { maskBuffer in
                codes.withUnsafeBufferPointer { codeBuffer in
                    guard var block = coefficientBuffer.baseAddress, var mask = maskBuffer.baseAddress,
                        let lumaDC = codeBuffer.baseAddress
                    else { return }
                    let lumaAC = lumaDC + 256
                    // A gray image has only the luma tables; its loop never reaches the chroma ones.
                    let chromaDC = frame.components == 3 ? lumaDC + 512 : lumaDC
                    let chromaAC = chromaDC + 256
                    var previousDC: (Int32, Int32, Int32) = (0, 0, 0)
                    for _ in 0..<(frame.mcuColumns * frame.mcuRows) {
                        for _ in 0..<frame.lumaBlocksPerMCU {
                            encodeBlock(
                                block, mask: mask.pointee, previousDC: &previousDC.0, dc: lumaDC, ac: lumaAC,
                                writer: &writer)
                            block += 64
                            mask += 1
                        }
                        if frame.components == 3 {
                            encodeBlock(
                                block, mask: mask.pointee, previousDC: &previousDC.1, dc: chromaDC, ac: chromaAC,
                                writer: &writer)
                            encodeBlock(
                                block + 64, mask: mask[1], previousDC: &previousDC.2, dc: chromaDC, ac: chromaAC,
                                writer: &writer)
                            block += 128
                            mask += 2
                        }
                    }
                }
            }
        }
        return writer.finish()
    }

    /// `image` with its alpha channel composited over white, rounded to the nearest value.
    static func compositedOverWhite(_ image: PixelImage) -> PixelImage {
        let colours = image.format.channels - 1
        var pixels: [UInt8] = []
        pixels.reserveCapacity(image.width * image.height * colours)
        var index = 0
        while index < image.pixels.count {
            let alpha = Int(image.pixels[index + colours])
            for channel in 0..<colours {
                let value = Int(image.pixels[index + channel])
                pixels.append(UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255))
            }
            index += colours + 1
        }
        return PixelImage(
            width: image.width, height: image.height, format: colours == 1 ? .gray : .rgb, pixels: pixels)
    }
}
