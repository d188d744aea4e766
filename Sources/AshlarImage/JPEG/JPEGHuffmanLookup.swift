/// A ``JPEGHuffmanTable``'s lookup tables without the table object, so hot loops pass them
/// around without reference counting; only valid while the table is alive.
struct JPEGHuffmanLookup {
    let fast: UnsafeMutablePointer<UInt16>
    let fastAC: UnsafeMutablePointer<Int32>
    let maxCode: UnsafeMutablePointer<Int32>
    let valueOffset: UnsafeMutablePointer<Int32>
    let values: UnsafeMutablePointer<UInt8>
    let valueCount: Int
}
