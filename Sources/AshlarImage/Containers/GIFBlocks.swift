/// The blocks of a GIF file after its header, logical screen descriptor and global colour
/// table: images (descriptor, local colour table, LZW data) and extensions, each with its
/// data sub-blocks, up to the trailer.
package struct GIFBlocks: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case image
        /// An extension and its label (`F9` graphic control, `FE` comment, `FF` application,
        /// `01` plain text); for an application extension, its 11-byte identifier.
        case `extension`(label: UInt8, identifier: [UInt8])
    }

    package struct Block: Sendable, Equatable {
        package var kind: Kind
        /// The whole block, introducer to its terminating zero-length sub-block.
        package var range: Range<Int>
    }

    /// Header, logical screen descriptor and global colour table.
    package var head: Range<Int>
    package var blocks: [Block]

    /// Walks a whole GIF file; throws when it is not one, or is cut short or damaged before its
    /// trailer.
    package init(_ bytes: [UInt8]) throws(ImageError) {
        guard bytes.count >= 13, ImageFormat.detect(bytes) == .gif else {
            throw ImageError(.malformed, "not a GIF file (it does not start with GIF87a or GIF89a)")
        }
        let flags = bytes[10]
        var offset = 13 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0)
        head = 0..<min(offset, bytes.count)
        blocks = []
        func cutShort() -> ImageError { ImageError(.malformed, "GIF file is cut short (no trailer)") }
        /// The end of the sub-blocks starting at `start`.
        func subBlocksEnd(from start: Int) throws(ImageError) -> Int {
            var position = start
            while true {
                guard position < bytes.count else { throw cutShort() }
                let size = Int(bytes[position])
                position += 1 + size
                if size == 0 { return position }
            }
        }
        while true {
            guard offset < bytes.count else { throw cutShort() }
            let start = offset
            switch bytes[offset] {
            case 0x3B:
                return
            case 0x21:
                guard offset + 2 < bytes.count else { throw cutShort() }
                let label = bytes[offset + 1]
                var identifier: [UInt8] = []
                if label == 0xFF, bytes[offset + 2] == 11, offset + 14 <= bytes.count {
                    identifier = Array(bytes[offset + 3..<offset + 14])
                }
                offset = try subBlocksEnd(from: offset + 2)
                blocks.append(Block(kind: .extension(label: label, identifier: identifier), range: start..<offset))
            case 0x2C:
                guard offset + 10 <= bytes.count else { throw cutShort() }
                let local = bytes[offset + 9]
                offset += 10 + (local & 0x80 != 0 ? 3 << (Int(local & 7) + 1) : 0)
                // The LZW minimum code size, then the data.
                offset = try subBlocksEnd(from: offset + 1)
                blocks.append(Block(kind: .image, range: start..<offset))
            default:
                throw ImageError(
                    .malformed, "GIF file has an unknown block 0x\(String(bytes[offset], radix: 16)) at byte \(offset)")
            }
        }
    }
}
