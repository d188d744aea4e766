/// Published copies of PNG files: the pixels and every chunk that shapes them kept byte for
/// byte, the metadata chosen from an allowlist; and the reading of XMP from `iTXt` chunks.
public enum PNGMetadata {
    /// Ancillary chunks kept as they are: colour, transparency, physical size, animation, time.
    /// None of them can hold a location.
    static let harmlessChunks: Set<String> = [
        "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCv", "cLLi", "bKGD", "hIST", "pHYs", "sPLT",
        "tIME", "acTL", "fcTL", "fdAT", "oFFs", "pCAL", "sCAL", "sTER",
    ]
    static let xmpKeyword = Array("XML:com.adobe.xmp".utf8)
    /// The largest XMP packet a compressed `iTXt` chunk may expand to.
    package static let xmpLimit = 4 << 20

    /// Text chunks (`tEXt`, `zTXt`, `iTXt`) kept, by keyword: the creator and rights, the
    /// title and the time of creation. Every other keyword goes, ImageMagick's `exif:GPS…` and
    /// raw profiles and XMP (`XML:com.adobe.xmp`) among them.
    static let keptTextKeywords: Set<String> = ["Title", "Author", "Copyright", "Creation Time"]

    /// The file as Ashlar publishes it when it is not re-encoded: the pixels and every chunk that
    /// shapes them kept byte for byte, the rest chosen from an allowlist, like
    /// ``JPEGMetadata/rewrite(_:keeping:)`` with ``MetadataPolicy/cameraFacts``:
    /// - critical chunks, and the ancillary chunks of ``harmlessChunks`` (colour, transparency,
    ///   physical size, animation, time), as they are;
    /// - `eXIf` rebuilt by ``CameraEXIF/allowlisted(_:keepingOrientation:)``, or dropped;
    /// - text chunks whose keyword is in ``keptTextKeywords``.
    /// Everything else — XMP, other text, chunks of unknown kinds — is left out.
    ///
    /// Throws when the file is not a readable PNG (bad signature, chunk or CRC).
    public static func publishable(_ bytes: [UInt8]) throws(ImageError) -> [UInt8] {
        // Checks every chunk's CRC and the critical chunks' order; a file cut short inside its
        // image data passes (with a warning there) and is copied as far as it goes.
        let structure = try PNGStructure(bytes, headerOnly: false)
        var output = ImageFormat.pngSignature
        output.reserveCapacity(bytes.count)
        for chunk in structure.chunks {
            let isCritical = (0x41...0x5A).contains(bytes[chunk.range.lowerBound + 4])
            guard chunk.isComplete else {
                // A file cut short inside its image data is copied as far as it goes, as the
                // structure check accepted it; a cut metadata chunk cannot be checked, and goes.
                if isCritical { output += bytes[chunk.range] }
                break
            }
            switch chunk.type {
            case _ where isCritical || harmlessChunks.contains(chunk.type):
                output += bytes[chunk.range]
            case "eXIf":
                if let kept = CameraEXIF.allowlisted(Array(bytes[chunk.data]), keepingOrientation: true) {
                    PNGEncoder.appendChunk(chunk.type, kept, to: &output)
                }
            case "tEXt", "zTXt", "iTXt":
                let keyword = String(decoding: bytes[chunk.data].prefix { $0 != 0 }, as: UTF8.self)
                if keptTextKeywords.contains(keyword) { output += bytes[chunk.range] }
            default:
                break
            }
        }
        return output
    }

    /// Whether a text chunk's data holds one of ImageMagick's hex-encoded raw profiles (its
    /// keyword starts `Raw profile type`: `exif`, `APP1`, `xmp`, `iptc`, `8bim`).
    static func isRawProfile(_ data: [UInt8]) -> Bool {
        let keyword = data.prefix { $0 != 0 }
        return String(decoding: keyword, as: UTF8.self).lowercased().hasPrefix("raw profile type")
    }

    /// Why an `iTXt` chunk gave no XMP packet.
    package enum XMPChunkProblem: Error, Equatable {
        /// Another keyword: not an XMP chunk.
        case otherKeyword
        case damaged
        /// Compressed, and the stream does not inflate (within `xmpLimit`).
        case cannotInflate(String)
    }

    /// The XMP packet of an `iTXt` chunk's data (keyword `XML:com.adobe.xmp`), inflated if
    /// compressed: what the header reader shows and what a published copy rewrites.
    package static func xmpPacket(fromITXt data: [UInt8]) -> Result<[UInt8], XMPChunkProblem> {
        guard data.starts(with: xmpKeyword + [0]) else { return .failure(.otherKeyword) }
        var index = xmpKeyword.count + 1
        guard index + 2 <= data.count, data[index + 1] == 0 else { return .failure(.damaged) }
        let compressed = data[index] != 0
        index += 2
        // The language tag and the translated keyword, each ending in a NUL.
        for _ in 0..<2 {
            guard let end = data[index...].firstIndex(of: 0) else { return .failure(.damaged) }
            index = end + 1
        }
        let text = Array(data[index...])
        guard compressed else { return .success(text) }
        do throws(ImageError) {
            return .success(try Inflater.decompress(zlib: text, limit: xmpLimit))
        } catch {
            return .failure(.cannotInflate(error.message))
        }
    }
}
