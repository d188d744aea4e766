/// A PNG file's chunks, checked: the header, palette and transparency, where the image data
/// lies, and the compressed colour profile. Every chunk's CRC is verified; critical chunks
/// must come in the order the PNG specification requires.
struct PNGStructure {
    var info: PNGInfo
    /// RGB triplets, at most 256.
    var palette: [UInt8] = []
    /// The `tRNS` chunk's bytes, when it applies to the colour type.
    var transparency: [UInt8]?
    /// The byte ranges of the `IDAT` chunks' data, in order.
    var imageData: [Range<Int>] = []
    /// The `iCCP` chunk's zlib stream.
    var compressedProfile: Range<Int>?
    var warnings: [ImageWarning] = []

    /// Every chunk read, in file order (with `headerOnly`, those before the image data).
    var chunks: [Chunk] = []

    /// One chunk: its type and where its bytes are in the file.
    struct Chunk: Sendable, Equatable {
        var type: String
        /// Length, type, data and CRC; for the last chunk of a file cut short inside it, as far
        /// as the file goes.
        var range: Range<Int>
        /// False for a chunk cut short by the end of the file (its CRC unchecked).
        var isComplete: Bool

        /// The chunk's data, as far as the file holds it.
        var data: Range<Int> { (range.lowerBound + 8)..<(isComplete ? range.upperBound - 4 : range.upperBound) }
    }

    /// Reads the chunks of `bytes`; with `headerOnly`, stops at the first `IDAT` chunk's header.
    init(_ bytes: [UInt8], headerOnly: Bool) throws(ImageError) {
        var needed: Int?
        try self.init(bytes, headerOnly: headerOnly, isWholeFile: true, needed: &needed)
    }

    /// Reads the chunks of `bytes`, the first bytes of a file or (`isWholeFile`) all of it. When
    /// a prefix ends before what is to be read does, sets `needed` to how many bytes from the start
    /// of the file are needed and throws.
    init(_ bytes: [UInt8], headerOnly: Bool, isWholeFile: Bool, needed: inout Int?) throws(ImageError) {
        guard bytes.count >= 8, bytes.starts(with: ImageFormat.pngSignature) else {
            throw ImageError(.malformed, "not a PNG file")
        }
        // Replaced at the end by the `IHDR` chunk's, which must come first.
        info = PNGInfo(
            width: 1, height: 1, bitDepth: 8, colorType: .gray, isInterlaced: false,
            hasTransparency: false, outputFormat: .gray)
        var position = 8
        var header: PNGInfo?
        var seenPalette = false
        var previousType = ""
        var endedCleanly = false
        while position < bytes.count {
            guard position + 8 <= bytes.count else {
                if !isWholeFile {
                    needed = position + 12
                    throw ImageError(.malformed, "file ends inside a chunk header")
                }
                warnings.append(.fileEndsInsideChunk(nil))
                break
            }
            let length = Self.bigEndian32(bytes, at: position)
            let typeBytes = bytes[(position + 4)..<(position + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
            else { throw ImageError(.malformed, "chunk at byte \(position) has no valid type") }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else {
                throw ImageError(.malformed, "'\(type)' chunk declares \(length) bytes, more than PNG allows")
            }
            let dataStart = position + 8
            let dataEnd = dataStart + length
            if header == nil && type != "IHDR" {
                throw ImageError(.malformed, "first chunk is '\(type)', not 'IHDR'")
            }
            if headerOnly && type == "IDAT" && header != nil {
                // The header ends here; the image data is read (and its CRC checked) by `decode`.
                try noteImageData(
                    dataStart..<min(dataEnd, bytes.count), previousType: previousType, header: header,
                    seenPalette: seenPalette)
                break
            }
            guard dataEnd + 4 <= bytes.count else {
                if !isWholeFile {
                    needed = dataEnd + 4
                    throw ImageError(.malformed, "file ends inside the '\(type)' chunk")
                }
                if type == "IDAT" && header != nil {
                    try noteImageData(
                        dataStart..<min(dataEnd, bytes.count), previousType: previousType,
                        header: header, seenPalette: seenPalette)
                }
                warnings.append(.fileEndsInsideChunk(type))
                chunks.append(Chunk(type: type, range: position..<bytes.count, isComplete: false))
                break
            }
            let stored = Self.bigEndian32(bytes, at: dataEnd)
            let computed = bytes.withUnsafeBufferPointer {
                CRC32.checksum(UnsafeBufferPointer(rebasing: $0[(position + 4)..<dataEnd]))
            }
            guard stored == computed else { throw ImageError(.malformed, "'\(type)' chunk has a bad CRC") }
            let data = dataStart..<dataEnd
            chunks.append(Chunk(type: type, range: position..<(dataEnd + 4), isComplete: true))
            switch type {
            case "IHDR":
                guard header == nil else { throw ImageError(.malformed, "file has more than one 'IHDR' chunk") }
                header = try Self.readHeader(bytes, data)
            case "PLTE":
                guard let current = header else { break }
                guard imageData.isEmpty else { throw ImageError(.malformed, "'PLTE' chunk comes after the image data") }
                guard !seenPalette else { throw ImageError(.malformed, "file has more than one 'PLTE' chunk") }
                guard current.colorType != .gray && current.colorType != .grayAlpha else {
                    throw ImageError(.malformed, "grayscale image has a 'PLTE' chunk")
                }
                guard length > 0, length % 3 == 0, length <= 768 else {
                    throw ImageError(.malformed, "'PLTE' chunk has \(length) bytes, not 3 to 768 in threes")
                }
                seenPalette = true
                if current.colorType == .palette { palette = Array(bytes[data]) }
            case "tRNS":
                readTransparency(bytes, data, colorType: header?.colorType, seenPalette: seenPalette)
            case "IDAT":
                try noteImageData(data, previousType: previousType, header: header, seenPalette: seenPalette)
            case "IEND":
                endedCleanly = true
            case "iCCP":
                if let name = readProfileChunk(bytes, data) { header?.iccProfileName = name }
            case "sRGB":
                if length == 1 && imageData.isEmpty { header?.srgbIntent = Int(bytes[dataStart]) }
            case "gAMA":
                if length == 4 && imageData.isEmpty {
                    let gamma = Self.bigEndian32(bytes, at: dataStart)
                    if gamma > 0 { header?.gamma = gamma }
                }
            case "acTL":
                if length == 8 && imageData.isEmpty {
                    header?.animationFrameCount = Self.bigEndian32(bytes, at: dataStart)
                }
            default:
                // Bit 5 of the first letter clear (upper case) marks a chunk a decoder must understand.
                if bytes[position + 4] & 0x20 == 0 {
                    throw ImageError(.unsupported, "file has an unknown critical chunk '\(type)'")
                }
            }
            previousType = type
            position = dataEnd + 4
            if endedCleanly || (headerOnly && !imageData.isEmpty) { break }
        }
        if !isWholeFile && !endedCleanly && (header == nil || imageData.isEmpty) {
            needed = position + 12
            throw ImageError(.malformed, "file ends before its image data")
        }
        guard var info = header else { throw ImageError(.malformed, "file ends before its 'IHDR' chunk") }
        guard !imageData.isEmpty else {
            throw ImageError(.malformed, endedCleanly ? "file has no 'IDAT' chunk" : "file ends before its image data")
        }
        if !endedCleanly && !headerOnly && warnings.isEmpty { warnings.append(.missingIEND) }
        info.hasTransparency = transparency != nil
        info.outputFormat = outputFormat(info)
        self.info = info
    }

    private func outputFormat(_ info: PNGInfo) -> PixelFormat {
        switch info.colorType {
        case .gray: transparency == nil ? .gray : .grayAlpha
        case .grayAlpha: .grayAlpha
        case .rgb: transparency == nil ? .rgb : .rgba
        case .rgba: .rgba
        case .palette: (transparency ?? []).contains { $0 != 255 } ? .rgba : .rgb
        }
    }

    private mutating func noteImageData(
        _ data: Range<Int>, previousType: String, header: PNGInfo?, seenPalette: Bool
    ) throws(ImageError) {
        if header?.colorType == .palette && !seenPalette {
            throw ImageError(.malformed, "palette image has no 'PLTE' chunk before its image data")
        }
        if !imageData.isEmpty && previousType != "IDAT" {
            throw ImageError(.malformed, "'IDAT' chunks are not consecutive")
        }
        imageData.append(data)
    }

    private mutating func readTransparency(
        _ bytes: [UInt8], _ data: Range<Int>, colorType: PNGInfo.ColorType?, seenPalette: Bool
    ) {
        guard let colorType else { return }
        guard imageData.isEmpty, transparency == nil else {
            warnings.append(.chunkIgnored("tRNS", .outOfPlace))
            return
        }
        let valid: Bool
        switch colorType {
        case .gray: valid = data.count == 2
        case .rgb: valid = data.count == 6
        case .palette: valid = seenPalette && data.count <= palette.count / 3
        case .grayAlpha, .rgba: valid = false
        }
        if valid { transparency = Array(bytes[data]) } else { warnings.append(.chunkIgnored("tRNS", .invalid)) }
    }

    /// Notes where the profile's zlib stream lies and returns the profile's name.
    private mutating func readProfileChunk(_ bytes: [UInt8], _ data: Range<Int>) -> String? {
        guard imageData.isEmpty, compressedProfile == nil else {
            warnings.append(.chunkIgnored("iCCP", .outOfPlace))
            return nil
        }
        guard let nul = bytes[data].firstIndex(of: 0), nul > data.lowerBound, nul - data.lowerBound <= 79,
            nul + 1 < data.upperBound, bytes[nul + 1] == 0
        else {
            warnings.append(.chunkIgnored("iCCP", .invalid))
            return nil
        }
        compressedProfile = (nul + 2)..<data.upperBound
        return String(decoding: bytes[data.lowerBound..<nul], as: UTF8.self)
    }

    static func bigEndian32(_ bytes: [UInt8], at index: Int) -> Int {
        Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
    }

    private static func readHeader(_ bytes: [UInt8], _ data: Range<Int>) throws(ImageError) -> PNGInfo {
        guard data.count == 13 else { throw ImageError(.malformed, "'IHDR' chunk has \(data.count) bytes, not 13") }
        let at = data.lowerBound
        let width = bigEndian32(bytes, at: at)
        let height = bigEndian32(bytes, at: at + 4)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw ImageError(.malformed, "image size \(width)×\(height) is not valid")
        }
        let bitDepth = Int(bytes[at + 8])
        guard let colorType = PNGInfo.ColorType(rawValue: bytes[at + 9]) else {
            throw ImageError(.malformed, "colour type \(bytes[at + 9]) is not valid")
        }
        let depths: [Int] =
            switch colorType {
            case .gray: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .grayAlpha, .rgba: [8, 16]
            }
        guard depths.contains(bitDepth) else {
            throw ImageError(.malformed, "bit depth \(bitDepth) is not valid for colour type \(colorType.rawValue)")
        }
        for (offset, name, highest) in [(10, "compression", 0), (11, "filter", 0), (12, "interlace", 1)]
        where bytes[at + offset] > highest {
            throw ImageError(.malformed, "\(name) method \(bytes[at + offset]) is not valid")
        }
        return PNGInfo(
            width: width, height: height, bitDepth: bitDepth, colorType: colorType, isInterlaced: bytes[at + 12] == 1,
            hasTransparency: false, outputFormat: .rgb)
    }
}
