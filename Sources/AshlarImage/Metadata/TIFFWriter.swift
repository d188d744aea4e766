/// Writes the small TIFF structure ``CameraEXIF`` publishes: a header, IFD0 and, when it has
/// entries, an EXIF IFD linked from IFD0. Each IFD's out-of-line values follow it, every offset
/// even, as TIFF 6 asks; values are written as given, in the structure's byte order.
struct TIFFWriter {
    var bigEndian: Bool

    func write(ifd0: [CameraEXIF.KeptEntry], exifIFD: [CameraEXIF.KeptEntry]) -> [UInt8] {
        var output: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 0x2A] : [0x49, 0x49, 0x2A, 0]
        output += uint32(8)
        var main = ifd0
        // The pointer's value is patched in once the EXIF IFD's offset is known.
        let pointerTag = TIFFReader.Tag.exifIFD
        if !exifIFD.isEmpty {
            main.append(CameraEXIF.KeptEntry(tag: pointerTag, type: 4, count: 1, value: [0, 0, 0, 0]))
            main.sort { $0.tag < $1.tag }
        }
        let pointerPosition = append(main, to: &output)[pointerTag]
        if let pointerPosition {
            let offset = output.count
            output.replaceSubrange(pointerPosition + 8..<pointerPosition + 12, with: uint32(offset))
            _ = append(exifIFD, to: &output)
        }
        return output
    }

    /// Appends an IFD (next offset 0) and its values at the end of `output`; returns where each
    /// entry was written.
    private func append(_ entries: [CameraEXIF.KeptEntry], to output: inout [UInt8]) -> [Int: Int] {
        let start = output.count
        let valuesStart = start + 2 + 12 * entries.count + 4
        var values: [UInt8] = []
        var positions: [Int: Int] = [:]
        output += uint16(entries.count)
        for entry in entries {
            positions[entry.tag] = output.count
            output += uint16(entry.tag) + uint16(entry.type) + uint32(entry.count)
            if entry.value.count <= 4 {
                output += entry.value + repeatElement(0, count: 4 - entry.value.count)
            } else {
                output += uint32(valuesStart + values.count)
                values += entry.value
                if values.count % 2 == 1 { values.append(0) }
            }
        }
        output += uint32(0)
        output += values
        return positions
    }

    private func uint16(_ value: Int) -> [UInt8] {
        let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return bigEndian ? bytes : bytes.reversed()
    }

    private func uint32(_ value: Int) -> [UInt8] {
        let bytes = [
            UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ]
        return bigEndian ? bytes : bytes.reversed()
    }
}
