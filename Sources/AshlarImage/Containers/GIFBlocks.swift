/// The blocks of a GIF file after its header, logical screen descriptor and global colour
/// table: images (descriptor, local colour table, LZW data) and extensions, each with its
/// data sub-blocks, up to the trailer. ``step(at:byte:)`` is the one walk over them: the whole-file
/// reader here and the header scan, which sees only the start of a file, both take it.
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

    /// What a file holds at an offset where a block may start.
    package enum Step: Sendable, Equatable {
        case block(Block)
        /// The trailer (`3B`): the file's last byte.
        case trailer
        /// The bytes read so far end before the block does: at least this many are needed.
        case needs(Int)
        /// A byte that starts no block: damage.
        case unknown(UInt8)
    }

    /// Header, logical screen descriptor and global colour table.
    package var head: Range<Int>
    package var blocks: [Block]

    /// Where the blocks start: after the 13-byte header and screen descriptor and, when
    /// `flags` (byte 10) says there is one, the global colour table.
    package static func blocksStart(flags: UInt8) -> Int {
        13 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0)
    }

    /// The block at `offset`, reading bytes through `byte` (nil past the bytes available).
    package static func step(at offset: Int, byte: (Int) -> UInt8?) -> Step {
        /// The block from `offset` to the end of the sub-blocks starting at `start` (a size byte,
        /// then that many bytes, until a size of zero); the terminator read means every byte
        /// before it is there.
        func block(_ kind: Kind, subBlocksFrom start: Int) -> Step {
            var position = start
            while true {
                guard let size = byte(position) else { return .needs(position + 1) }
                position += 1 + Int(size)
                if size == 0 { return .block(Block(kind: kind, range: offset..<position)) }
            }
        }
        guard let introducer = byte(offset) else { return .needs(offset + 1) }
        switch introducer {
        case 0x3B:
            return .trailer
        case 0x21:
            guard let label = byte(offset + 1), let first = byte(offset + 2) else { return .needs(offset + 3) }
            var identifier: [UInt8] = []
            if label == 0xFF, first == 11 {
                for position in offset + 3..<offset + 14 {
                    guard let value = byte(position) else { return .needs(position + 1) }
                    identifier.append(value)
                }
            }
            return block(.extension(label: label, identifier: identifier), subBlocksFrom: offset + 2)
        case 0x2C:
            guard let local = byte(offset + 9) else { return .needs(offset + 10) }
            // The LZW minimum code size, then the data.
            return block(.image, subBlocksFrom: offset + 10 + (local & 0x80 != 0 ? 3 << (Int(local & 7) + 1) : 0) + 1)
        default:
            return .unknown(introducer)
        }
    }

    /// Walks a whole GIF file; throws when it is not one, or is cut short or damaged before its
    /// trailer.
    package init(_ bytes: [UInt8]) throws(ImageError) {
        guard bytes.count >= 13, ImageFormat.detect(bytes) == .gif else {
            throw ImageError(.malformed, "not a GIF file (it does not start with GIF87a or GIF89a)")
        }
        var offset = Self.blocksStart(flags: bytes[10])
        head = 0..<min(offset, bytes.count)
        blocks = []
        while true {
            switch Self.step(at: offset, byte: { $0 < bytes.count ? bytes[$0] : nil }) {
            case .trailer:
                return
            case .block(let block):
                blocks.append(block)
                offset = block.range.upperBound
            case .needs:
                throw ImageError(.malformed, "GIF file is cut short (no trailer)")
            case .unknown(let byte):
                throw ImageError(
                    .malformed, "GIF file has an unknown block 0x\(String(byte, radix: 16)) at byte \(offset)")
            }
        }
    }
}
