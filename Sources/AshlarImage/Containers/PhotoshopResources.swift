/// Photoshop image resources, as a JPEG's `APP13` segments carry them after `Photoshop 3.0\0`:
/// blocks of a 4-byte type (`8BIM`), a 2-byte id, a name (a Pascal string padded to an even
/// length, its length byte included) and a 4-byte size followed by the data, padded to an even
/// length (the last block's pad may be missing). All numbers are big-endian.
///
/// The one walker of these blocks: the gallery's header scan reads IPTC-IIM from resource 0x0404,
/// and the metadata rewriter takes the EXIF and XMP resources out. Like exiftool, it stops at a
/// block whose type it does not know, as nothing after it can be trusted to be a block.
package struct PhotoshopResources: Sendable, Equatable {
    /// What a Photoshop `APP13` payload starts with.
    package static let signature = Array("Photoshop 3.0".utf8) + [0]
    /// The block types: nearly every resource is `8BIM`; some older tools (ImageReady,
    /// PhotoDeluxe) wrote these others.
    static let types = ["8BIM", "PHUT", "AgHg", "DCSR", "MeSa"].map { Array($0.utf8) }
    /// The smallest block: type, id, an empty name with its pad byte, and the size.
    static let minimumBlock = 12

    /// One resource block.
    package struct Resource: Sendable, Equatable {
        package var id: UInt16
        /// The whole block, from its type through the pad byte after its data when there is one.
        package var block: Range<Int>
        /// Where its data is; shorter than ``size`` when the block runs past the end.
        package var data: Range<Int>
        /// The size the block gives for its data.
        package var size: Int

        /// Whether all the data the block announces is there.
        package var isComplete: Bool { data.count == size }
    }

    /// How the walk ended.
    package enum Ending: Sendable, Equatable {
        /// Every block was read; the bytes after the last one (normally none, or zero padding) are
        /// too few for another block.
        case complete(rest: Range<Int>)
        /// The last resource's data runs past the end; it is listed with the data there is.
        case resourceRunsPast
        /// The block at this offset has a type none of the known ones.
        case unknownType(at: Int)
        /// The block at this offset has a name or size field that runs past the end.
        case headerRunsPast(at: Int)
    }

    /// The resources in order, up to where the walk ended.
    package private(set) var resources: [Resource] = []
    package private(set) var ending: Ending

    /// Walks the blocks in `bytes` (a payload after ``signature``, or several joined). Offsets
    /// and ranges are indices of `bytes`.
    package init(_ bytes: ArraySlice<UInt8>) {
        let end = bytes.endIndex
        var position = bytes.startIndex
        while end - position >= Self.minimumBlock {
            let type = bytes[position..<(position + 4)]
            guard Self.types.contains(where: { type.elementsEqual($0) }) else {
                ending = .unknownType(at: position)
                return
            }
            let id = UInt16(bytes[position + 4]) << 8 | UInt16(bytes[position + 5])
            let sizeField = position + 6 + ((Int(bytes[position + 6]) + 2) & ~1)
            guard end - sizeField >= 4 else {
                ending = .headerRunsPast(at: position)
                return
            }
            let size = bytes[sizeField..<(sizeField + 4)].reduce(0) { $0 << 8 | Int($1) }
            let dataStart = sizeField + 4
            guard size <= end - dataStart else {
                resources.append(Resource(id: id, block: position..<end, data: dataStart..<end, size: size))
                ending = .resourceRunsPast
                return
            }
            let blockEnd = min(dataStart + size + size % 2, end)
            resources.append(
                Resource(id: id, block: position..<blockEnd, data: dataStart..<(dataStart + size), size: size))
            position = blockEnd
        }
        ending = .complete(rest: position..<end)
    }
}
