/// Reads the fields of one box in order, each read bounds-checked against the box's end: a box
/// that ends inside its fields throws `HEIFError.shortBox` naming it.
struct HEIFFields {
    let file: ByteWindow
    /// The box type, for messages (`iloc`, `ipma`).
    let box: String
    private(set) var offset: Int
    let end: Int

    init(_ file: ByteWindow, box: ISOBoxReader.Box) {
        self.init(file, name: box.type, from: box.payloadStart, to: box.end)
    }

    init(_ file: ByteWindow, name: String, from offset: Int, to end: Int) {
        self.file = file
        self.box = name
        self.offset = offset
        self.end = min(end, file.count)
    }

    var remaining: Int { max(0, end - offset) }

    private mutating func advance(_ count: Int) throws(HEIFError) -> Int {
        guard count >= 0, count <= end - offset else { throw .shortBox(box) }
        defer { offset += count }
        return offset
    }

    mutating func u8() throws(HEIFError) -> UInt8 {
        guard let value = file.u8(try advance(1)) else { throw .shortBox(box) }
        return value
    }

    mutating func u16() throws(HEIFError) -> UInt16 {
        guard let value = file.u16(try advance(2)) else { throw .shortBox(box) }
        return value
    }

    mutating func u24() throws(HEIFError) -> UInt32 {
        guard let value = file.u24(try advance(3)) else { throw .shortBox(box) }
        return value
    }

    mutating func u32() throws(HEIFError) -> UInt32 {
        guard let value = file.u32(try advance(4)) else { throw .shortBox(box) }
        return value
    }

    mutating func u64() throws(HEIFError) -> UInt64 {
        guard let value = file.u64(try advance(8)) else { throw .shortBox(box) }
        return value
    }

    /// An unsigned number of `size` bytes: 0 (the value is 0), 2, 4 or 8.
    mutating func number(size: Int) throws(HEIFError) -> UInt64 {
        switch size {
        case 0: 0
        case 2: UInt64(try u16())
        case 4: UInt64(try u32())
        case 8: try u64()
        default: throw .shortBox(box)
        }
    }

    /// The version and flags of a full box.
    mutating func versionAndFlags() throws(HEIFError) -> (version: Int, flags: UInt32) {
        let version = Int(try u8())
        return (version, try u24())
    }

    /// An item ID: 16 bits, or 32 when `wide`.
    mutating func itemID(wide: Bool) throws(HEIFError) -> UInt32 {
        wide ? try u32() : UInt32(try u16())
    }

    /// A four-character code.
    mutating func fourCC() throws(HEIFError) -> String {
        let start = try advance(4)
        return String(decoding: file.slice(start, count: 4) ?? [], as: UTF8.self)
    }

    /// A NUL-terminated UTF-8 string; one that runs to the end of the box without a NUL ends there.
    mutating func string() -> String {
        var stop = offset
        while stop < end, let byte = file.u8(stop), byte != 0 { stop += 1 }
        let text = String(decoding: file.slice(offset, count: stop - offset) ?? [], as: UTF8.self)
        offset = min(end, stop + 1)
        return text
    }

    /// The bytes left in the box.
    mutating func rest() -> [UInt8] {
        let bytes = Array(file.slice(offset, count: remaining) ?? [])
        offset = end
        return bytes
    }
}
