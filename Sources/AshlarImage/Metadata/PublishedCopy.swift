/// A photo as Ashlar publishes it when it is not re-encoded — a published original, a photo too
/// small for renditions or whose renditions cannot be made, a GIF or WebP: its image data byte
/// for byte, its metadata chosen from an allowlist (``MetadataPolicy/cameraFacts``), so it never
/// records where it was taken, a serial number or an owner.
public enum PublishedCopy {
    /// The copy of `bytes`, a file of `format`. Throws when its structure cannot be read, and for
    /// AVIF, whose metadata lives in items a rewrite would have to move (the caller leaves such a
    /// file out, or publishes it as it is when the user says so). A HEIC is rebuilt
    /// (``HEIFPublishedCopy``).
    public static func make(_ bytes: [UInt8], format: ImageFormat) throws(ImageError) -> [UInt8] {
        switch format {
        case .jpeg: try JPEGMetadata.rewrite(bytes, keeping: .cameraFacts)
        case .png: try PNGMetadata.publishable(bytes)
        case .gif: try gif(bytes)
        case .webp: try webp(bytes)
        case .heic: try HEIFPublishedCopy.make(bytes)
        case .avif: throw ImageError(.unsupported, "Ashlar cannot remove the metadata of an AVIF file")
        }
    }

    /// Application extensions kept in a GIF: the loop count (`NETSCAPE2.0`, `ANIMEXTS1.0`).
    static let keptGIFApplications: Set<[UInt8]> = [Array("NETSCAPE2.0".utf8), Array("ANIMEXTS1.0".utf8)]

    /// The GIF's images, graphic control and plain text extensions and loop count; comments,
    /// XMP and every other application extension go.
    static func gif(_ bytes: [UInt8]) throws(ImageError) -> [UInt8] {
        let walk = try GIFBlocks(bytes)
        var output = Array(bytes[walk.head])
        for block in walk.blocks {
            switch block.kind {
            case .image, .extension(label: 0xF9, _), .extension(label: 0x01, _):
                output += bytes[block.range]
            case .extension(label: 0xFF, let identifier) where keptGIFApplications.contains(identifier):
                output += bytes[block.range]
            case .extension:
                continue
            }
        }
        return output + [0x3B]
    }

    /// WebP chunks kept: the image (`VP8 `, `VP8L`, `ALPH`), animation (`ANIM`, `ANMF`), the
    /// canvas (`VP8X`, its EXIF and XMP flags cleared) and the ICC profile.
    static let keptWebPChunks: Set<[UInt8]> = ["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"].map {
        Array($0.utf8)
    }.reduce(into: []) { $0.insert($1) }

    static func webp(_ bytes: [UInt8]) throws(ImageError) -> [UInt8] {
        let riff = try RIFFChunks(bytes)
        guard riff.form == Array("WEBP".utf8) else { throw ImageError(.malformed, "RIFF file is not a WebP image") }
        var body = riff.form
        for chunk in riff.chunks where keptWebPChunks.contains(chunk.code) {
            var copy = Array(bytes[chunk.range])
            if chunk.code == Array("VP8X".utf8), copy.count > 8 { copy[8] &= ~0x0C }
            // A last chunk without its pad byte gets one.
            if chunk.data.count % 2 == 1, chunk.range.upperBound == chunk.data.upperBound { copy.append(0) }
            body += copy
        }
        let size = body.count
        return Array("RIFF".utf8) + [
            UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24 & 0xFF),
        ] + body
    }
}
