import Foundation
import Testing

@testable import AshlarImage

/// `PublishedCopy` for the formats Ashlar copies without decoding: GIF and WebP keep their
/// image data byte for byte and only the blocks or chunks on the allowlist; AVIF is refused.
@Suite struct PublishedCopyTests {
    /// An extension block: introducer, label, then `data` in sub-blocks of at most 255 bytes.
    static func gifExtension(_ label: UInt8, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x21, label]
        var rest = data[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(255)
            bytes += [UInt8(chunk.count)] + chunk
            rest = rest.dropFirst(chunk.count)
        }
        return bytes + [0]
    }

    /// An application extension: its 11-byte identifier in a sub-block of its own, then `data`.
    static func gifApplication(_ identifier: String, _ data: [UInt8]) -> [UInt8] {
        [0x21, 0xFF, 11] + Array(identifier.utf8) + gifExtension(0, data).dropFirst(2)
    }

    /// A 1 × 1 GIF89a with a 2-colour global table, whose blocks before the image are `extensions`.
    static func gif(extensions: [[UInt8]]) -> [UInt8] {
        let head = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        let image: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0]
        return head + extensions.flatMap { $0 } + image + [0x3B]
    }

    @Test func gifKeepsItsImagesAndLoopCountOnly() throws {
        let loop = Self.gifApplication("NETSCAPE2.0", [1, 0, 0])
        let control = Self.gifExtension(0xF9, [0, 10, 0, 0])
        let comment = Self.gifExtension(0xFE, Array("taken at 48.85 N, 2.35 E".utf8))
        let xmp = Self.gifApplication("XMP DataXMP", Array("<x:xmpmeta exif:GPSLatitude='1'/>".utf8))
        let original = Self.gif(extensions: [loop, comment, xmp, control])
        let copy = try PublishedCopy.make(original, format: .gif)
        #expect(copy == Self.gif(extensions: [loop, control]))
        #expect(try PublishedCopy.make(copy, format: .gif) == copy)
        // Cut short before its trailer, or not a GIF at all: no copy.
        #expect(throws: ImageError.self) { try PublishedCopy.make(Array(original.dropLast(3)), format: .gif) }
        #expect(throws: ImageError.self) { try PublishedCopy.make(Array("GIF89a".utf8), format: .gif) }
    }

    static func riffChunk(_ code: String, _ data: [UInt8]) -> [UInt8] {
        let size = data.count
        return Array(code.utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + data
            + (size % 2 == 1 ? [0] : [])
    }

    static func webp(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = Array("WEBP".utf8) + chunks.flatMap { $0 }
        let size = body.count
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + body
    }

    @Test func webpLosesItsEXIFAndXMPAndTheirFlags() throws {
        // VP8X: flags ICC (0x20), EXIF (0x08) and XMP (0x04); a 1 × 1 canvas.
        let canvas = Self.riffChunk("VP8X", [0x2C, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        let icc = Self.riffChunk("ICCP", [1, 2, 3])
        let image = Self.riffChunk("VP8L", [0x2F, 0, 0, 0, 0x10, 7, 0x10, 0x11, 0x11, 0x88])
        let exif = Self.riffChunk("EXIF", Array("MM\0*\0\0\0\u{8}".utf8))
        let xmp = Self.riffChunk("XMP ", Array("<x:xmpmeta exif:GPSLatitude='1'/>".utf8))
        let unknown = Self.riffChunk("ZZZZ", [9])
        let copy = try PublishedCopy.make(Self.webp([canvas, icc, image, exif, xmp, unknown]), format: .webp)
        let cleared = Self.riffChunk("VP8X", [0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(copy == Self.webp([cleared, icc, image]))
        #expect(try PublishedCopy.make(copy, format: .webp) == copy)
        #expect(LocationRecord.find(in: copy).isEmpty)
        // A chunk running past the end of the file: no copy.
        #expect(throws: ImageError.self) {
            try PublishedCopy.make(Self.webp([canvas]) + Array("VP8L".utf8) + [200, 0, 0, 0, 1], format: .webp)
        }
    }

    @Test func avifIsRefusedAsUnsupported() {
        #expect(throws: ImageError(.unsupported, "Ashlar cannot remove the metadata of an AVIF file")) {
            try PublishedCopy.make([0, 0, 0, 0x18] + Array("ftypavif".utf8), format: .avif)
        }
    }
}
