/// Progressive JPEGs of a flat grey picture, every coefficient zero, built at any size with any
/// scan script: a scan's data is a DC difference of zero a block (one bit each) or, for an AC
/// scan, end-of-band runs of up to 32,767 blocks (a few bytes), however many blocks it covers.
/// A script that is a valid progression gives a valid file (`djpeg -strict` accepts it).
enum FlatProgressiveJPEG {
    struct Scan: Sendable {
        /// Indexes of the components, interleaved when more than one (DC scans only).
        var components: [Int]
        var start: Int
        var end: Int
        /// Successive approximation: the bit position refined (0 for a first scan), and this
        /// scan's.
        var high: Int
        var low: Int
    }

    /// SOI, a quantization table, the frame (every component 1×1: 4:4:4) and two Huffman
    /// tables: DC with one code (`0`, a difference of zero), AC with the end-of-band runs EOB0 to
    /// EOB14, four bits each.
    static func header(width: Int, height: Int, components: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        frame.append(UInt8(components))
        for c in 0..<components { frame += [UInt8(c + 1), 0x11, 0] }
        bytes += segment(0xC2, frame)
        bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
        bytes += segment(
            0xC4, [0x10, 0, 0, 0, 15] + [UInt8](repeating: 0, count: 12) + (0..<15).map { UInt8($0 << 4) })
        return bytes
    }

    /// The scan's header (SOS) without its data.
    static func scanHeader(_ scan: Scan) -> [UInt8] {
        var payload: [UInt8] = [UInt8(scan.components.count)]
        for c in scan.components { payload += [UInt8(c + 1), 0x00] }
        payload += [UInt8(scan.start), UInt8(scan.end), UInt8(scan.high << 4 | scan.low)]
        return segment(0xDA, payload)
    }

    /// The whole file.
    static func make(width: Int, height: Int, components: Int = 3, scans: [Scan]) -> [UInt8] {
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        var bytes = header(width: width, height: height, components: components)
        for scan in scans {
            bytes += scanHeader(scan)
            var bits = Bits()
            if scan.start == 0 {
                // A DC difference of zero (first scans) or a correction bit of zero (refinements).
                for _ in 0..<(blocks * scan.components.count) { bits.put(0, 1) }
            } else {
                var left = blocks
                while left > 0 {
                    let run = min(left, 32_767)
                    let r = Int.bitWidth - 1 - run.leadingZeroBitCount
                    bits.put(r, 4)
                    if r > 0 { bits.put(run - (1 << r), r) }
                    left -= run
                }
            }
            bytes += bits.finish()
        }
        return bytes + [0xFF, 0xD9]
    }

    /// libjpeg's script for a three-component image (`jpeg_simple_progression`): 10 scans,
    /// decoding the blocks 4.7 times over.
    static let libjpegScript: [Scan] = [
        Scan(components: [0, 1, 2], start: 0, end: 0, high: 0, low: 1),
        Scan(components: [0], start: 1, end: 5, high: 0, low: 2),
        Scan(components: [2], start: 1, end: 63, high: 0, low: 1),
        Scan(components: [1], start: 1, end: 63, high: 0, low: 1),
        Scan(components: [0], start: 6, end: 63, high: 0, low: 2),
        Scan(components: [0], start: 1, end: 63, high: 2, low: 1),
        Scan(components: [0, 1, 2], start: 0, end: 0, high: 1, low: 0),
        Scan(components: [2], start: 1, end: 63, high: 1, low: 0),
        Scan(components: [1], start: 1, end: 63, high: 1, low: 0),
        Scan(components: [0], start: 1, end: 63, high: 1, low: 0),
    ]

    /// A valid progression of `count` scans (at most 2,647 for three components): the DC of
    /// every component in one scan, then each AC coefficient of each component in a band of its
    /// own, sent a few bits at a time (a first scan, then refinements one bit each).
    static func singleCoefficientScript(count: Int, components: Int = 3) -> [Scan] {
        var scans = [Scan(components: Array(0..<components), start: 0, end: 0, high: 0, low: 0)]
        let bands = (1...63).flatMap { k in (0..<components).map { (component: $0, coefficient: k) } }
        let (each, extra) = (count - 1).quotientAndRemainder(dividingBy: bands.count)
        for (index, band) in bands.enumerated() {
            let scansOfBand = each + (index < extra ? 1 : 0)
            guard scansOfBand > 0 else { continue }
            let k = band.coefficient
            scans.append(Scan(components: [band.component], start: k, end: k, high: 0, low: scansOfBand - 1))
            for bit in stride(from: scansOfBand - 1, to: 0, by: -1) {
                scans.append(Scan(components: [band.component], start: k, end: k, high: bit, low: bit - 1))
            }
        }
        return scans
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// Entropy-coded bits, most significant first, with a zero stuffed after each `FF`.
    private struct Bits {
        var bytes: [UInt8] = []
        var byte = 0
        var count = 0

        mutating func put(_ value: Int, _ length: Int) {
            for shift in stride(from: length - 1, through: 0, by: -1) {
                byte = byte << 1 | (value >> shift) & 1
                count += 1
                if count == 8 {
                    bytes.append(UInt8(byte))
                    if byte == 0xFF { bytes.append(0) }
                    (byte, count) = (0, 0)
                }
            }
        }

        /// The bytes, the last one padded with 1 bits.
        mutating func finish() -> [UInt8] {
            if count > 0 { put((1 << (8 - count)) - 1, 8 - count) }
            return bytes
        }
    }
}
