/// One item's entry in `iloc`: where its bytes lie.
package struct HEIFItemLocation: Sendable, Equatable {
    /// Construction method (`iloc` version 1 and 2): where the offsets point.
    package enum Construction: Sendable, Equatable {
        /// Offsets into the file.
        case file
        /// Offsets into the `meta` box's `idat` payload.
        case itemData
    }

    /// One extent: `length` bytes from `offset` (plus the base offset). A length of 0 means "to
    /// the end of the file or `idat`", as ISO/IEC 14496-12 §8.11.3 allows.
    package struct Extent: Sendable, Equatable {
        package var index: UInt64
        package var offset: UInt64
        package var length: UInt64

        package init(index: UInt64 = 0, offset: UInt64, length: UInt64) {
            self.index = index
            self.offset = offset
            self.length = length
        }
    }

    package var itemID: UInt32
    package var construction: Construction
    package var dataReferenceIndex: UInt16
    package var baseOffset: UInt64
    package var extents: [Extent]

    package init(
        itemID: UInt32, construction: Construction = .file, dataReferenceIndex: UInt16 = 0, baseOffset: UInt64 = 0,
        extents: [Extent]
    ) {
        self.itemID = itemID
        self.construction = construction
        self.dataReferenceIndex = dataReferenceIndex
        self.baseOffset = baseOffset
        self.extents = extents
    }
}
