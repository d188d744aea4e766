import Testing

@testable import AshlarImage

/// Where a camera RAW's embedded JPEG previews lie (`CameraRAW`, `TIFFReader.embeddedJPEGs`):
/// from hand-built structures, every offset checked against the file's size.
@Suite struct CameraRAWTests {
    /// One IFD entry with its value inline: SHORT (3) or LONG (4), one value; or LONG offsets of
    /// SubIFDs (`values`, stored after the IFDs).
    struct Entry {
        var tag: Int
        var type = 4
        var value = 0
        var values: [Int] = []
    }

    /// A TIFF with `ifds` laid out from offset 8, IFD0 first, no next IFD; then the SubIFD offset
    /// lists; then `tail` (the JPEG data the entries point into, at offsets `tailStart` on).
    static func tiff(
        _ ifds: [[Entry]], magic: [UInt8] = Array("II*\0".utf8), bigEndian: Bool = false, tail: [UInt8] = []
    ) -> (bytes: [UInt8], tailStart: Int) {
        func u16(_ v: Int) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        let ifdSizes = ifds.map { 2 + 12 * $0.count + 4 }
        let listsStart = 8 + ifdSizes.reduce(0, +)
        let listBytes = ifds.flatMap { $0 }.reduce(0) { $0 + ($1.values.count > 1 ? 4 * $1.values.count : 0) }
        var bytes = magic + u32(8)
        var listOffset = listsStart
        var lists: [UInt8] = []
        for ifd in ifds {
            bytes += u16(ifd.count)
            for entry in ifd {
                let count = max(1, entry.values.count)
                bytes += u16(entry.tag) + u16(entry.type) + u32(count)
                if entry.values.count > 1 {
                    bytes += u32(listOffset)
                    for value in entry.values { lists += u32(value) }
                    listOffset += 4 * entry.values.count
                } else if entry.type == 3 {
                    bytes += u16(entry.values.first ?? entry.value) + [0, 0]
                } else {
                    bytes += u32(entry.values.first ?? entry.value)
                }
            }
            bytes += u32(0)
        }
        bytes += lists
        #expect(bytes.count == listsStart + listBytes)
        return (bytes + tail, bytes.count)
    }

    @Test func theLargestPreviewComesFirstAndSensorDataIsNone() {
        // IFD0: a 100-byte thumbnail, orientation 6, two SubIFDs: a 400-byte JPEG strip and a
        // 1,000-byte lossless strip of colour-filter-array data (never a preview).
        let ifd0Size = 2 + 12 * 4 + 4
        let subSize = 2 + 12 * 3 + 4
        let sensorSize = 2 + 12 * 4 + 4
        let sub = 8 + ifd0Size
        let sensor = sub + subSize
        let start = sensor + sensorSize + 8
        let layout = Self.tiff(
            [
                [
                    Entry(tag: 0x0112, type: 3, value: 6), Entry(tag: 0x014A, values: [sub, sensor]),
                    Entry(tag: 0x0201, value: start), Entry(tag: 0x0202, value: 100),
                ],
                [
                    Entry(tag: 0x0103, type: 3, value: 6), Entry(tag: 0x0111, value: start + 100),
                    Entry(tag: 0x0117, value: 400),
                ],
                [
                    Entry(tag: 0x0103, type: 3, value: 7), Entry(tag: 0x0106, type: 3, value: 32803),
                    Entry(tag: 0x0111, value: start + 500), Entry(tag: 0x0117, value: 1000),
                ],
            ], tail: [UInt8](repeating: 0xAB, count: 1500))
        #expect(layout.tailStart == start)
        let previews = CameraRAW.previews(in: layout.bytes, fileSize: layout.bytes.count)
        #expect(previews.ranges == [start + 100..<start + 500, start..<start + 100])
        #expect(previews.orientation == 6)
        #expect(previews.tiff != nil)
    }

    @Test(arguments: [
        ("past the end", 10_000, 100),
        ("length past the end", 8, 1 << 30),
        ("offset zero", 0, 100),
        ("overflowing", Int(UInt32.max), Int(UInt32.max)),
    ])
    func aPreviewOutsideTheFileIsNone(_ label: String, offset: Int, length: Int) {
        let layout = Self.tiff([[Entry(tag: 0x0201, value: offset), Entry(tag: 0x0202, value: length)]])
        #expect(CameraRAW.previews(in: layout.bytes, fileSize: 5_000).ranges.isEmpty, "\(label)")
    }

    /// The structure may be read only in part (`structurePrefix`): a preview past the bytes read
    /// but inside the file is found.
    @Test func aPreviewPastThePrefixButInTheFileIsFound() {
        let layout = Self.tiff([[Entry(tag: 0x0201, value: 3_000_000), Entry(tag: 0x0202, value: 2_000_000)]])
        #expect(CameraRAW.previews(in: layout.bytes, fileSize: 5_000_000).ranges == [3_000_000..<5_000_000])
    }

    @Test func readsPanasonicOlympusAndBigEndianVariants() {
        // RW2: `IIU\0`, the preview in IFD0's JpgFromRaw (UNDEFINED bytes at an offset).
        let rw2 = Self.tiff([[Entry(tag: 0x002E, type: 7, values: [])]], magic: Array("IIU\0".utf8))
        var bytes = rw2.bytes
        // Count 300, at offset 100.
        bytes[8 + 2 + 4..<8 + 2 + 12] = [44, 1, 0, 0, 100, 0, 0, 0]
        bytes += [UInt8](repeating: 0, count: 500)
        #expect(CameraRAW.previews(in: bytes, fileSize: bytes.count).ranges == [100..<400])
        #expect(TIFFReader(bytes) == nil, "only a camera RAW is read with its maker's magic")

        let orf = Self.tiff(
            [[Entry(tag: 0x0201, value: 50), Entry(tag: 0x0202, value: 20)]], magic: Array("IIRO".utf8))
        #expect(CameraRAW.previews(in: orf.bytes + [UInt8](repeating: 0, count: 80), fileSize: 130).ranges == [50..<70])

        let big = Self.tiff(
            [[Entry(tag: 0x0112, type: 3, value: 8), Entry(tag: 0x0201, value: 50), Entry(tag: 0x0202, value: 20)]],
            magic: Array("MM\0*".utf8), bigEndian: true)
        let previews = CameraRAW.previews(in: big.bytes + [UInt8](repeating: 0, count: 80), fileSize: 150)
        #expect(previews.ranges == [50..<70])
        #expect(previews.orientation == 8)
    }

    @Test func readsARAFHeader() {
        var raf = Array("FUJIFILMCCD-RAW 0201FF383501".utf8) + [UInt8](repeating: 0, count: 100)
        raf[84..<92] = [0, 0, 0, 100, 0, 0, 0, 28]
        #expect(CameraRAW.previews(in: raf, fileSize: 128).ranges == [100..<128])
        #expect(CameraRAW.previews(in: raf, fileSize: 127).ranges.isEmpty, "past the end of the file")
        #expect(CameraRAW.previews(in: Array(raf.prefix(90)), fileSize: 128).ranges.isEmpty, "header cut short")
    }

    @Test(arguments: [
        [], Array("II*\0".utf8), Array("II*\0\u{8}\0\0\0".utf8) + [0xFF, 0xFF], Array("not a raw at all".utf8),
    ])
    func brokenStructuresHaveNoPreview(bytes: [UInt8]) {
        #expect(CameraRAW.previews(in: bytes, fileSize: bytes.count).ranges.isEmpty)
    }

    /// A loop of SubIFDs pointing at each other is followed once.
    @Test func aSubIFDLoopEnds() {
        let layout = Self.tiff([
            [Entry(tag: 0x014A, values: [8, 8]), Entry(tag: 0x0201, value: 40), Entry(tag: 0x0202, value: 4)]
        ])
        #expect(
            CameraRAW.previews(in: layout.bytes + [0, 0, 0, 0, 0, 0], fileSize: layout.bytes.count + 6).ranges == [
                40..<44
            ])
    }
}
