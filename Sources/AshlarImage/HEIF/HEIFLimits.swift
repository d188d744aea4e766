/// The most a HEIF file may ask the reader to hold: every count and length read from a file is
/// checked against these before anything is allocated for it.
package struct HEIFLimits: Sendable, Equatable {
    /// Items in `iinf`, entries in `iloc` and `ipma`.
    package var items = 20_000
    /// Extents of one item.
    package var extentsPerItem = 4_096
    /// Properties in `ipco`.
    package var properties = 20_000
    /// Target items of all references together.
    package var references = 100_000
    /// The bytes of one item's data: 512 MiB.
    package var itemBytes = 512 << 20
    /// Tiles of one grid.
    package var gridTiles = 65_536
    /// The longest side of an image, in pixels (as for every other format).
    package var dimension = 100_000

    package init() {}

    package static let standard = HEIFLimits()
}
