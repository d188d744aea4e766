/// Hand-built metadata segments for the embedded-metadata tests: TIFF/EXIF, XMP packets,
/// Photoshop IPTC-IIM resources and JPEGs that carry them.
package enum EmbeddedMetadataBytes {
    /// One TIFF entry: tag, type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED,
    /// 10 SRATIONAL) and value bytes.
    package struct Entry {
        package var tag: UInt16
        package var type: UInt16
        package var value: [UInt8]

        package init(tag: UInt16, type: UInt16, value: [UInt8]) {
            self.tag = tag
            self.type = type
            self.value = value
        }

        /// A RATIONAL (type 5), or an SRATIONAL (type 10) when `signed`.
        package static func rational(_ tag: UInt16, _ numerator: Int32, _ denominator: Int32, signed: Bool = false)
            -> Entry
        {
            func u32(_ v: Int32) -> [UInt8] {
                (0..<4).map { UInt8(truncatingIfNeeded: UInt32(bitPattern: v) >> ($0 * 8)) }
            }
            return Entry(tag: tag, type: signed ? 10 : 5, value: u32(numerator) + u32(denominator))
        }

        package static func short(_ tag: UInt16, _ value: Int) -> Entry {
            Entry(tag: tag, type: 3, value: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)])
        }

        package static func long(_ tag: UInt16, _ value: Int) -> Entry {
            Entry(tag: tag, type: 4, value: (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) })
        }

        package static func ascii(_ tag: UInt16, _ text: String) -> Entry {
            Entry(tag: tag, type: 2, value: Array(text.utf8) + [0])
        }

        /// A Windows `XP…` tag: UTF-16LE with a final NUL.
        package static func windows(_ tag: UInt16, _ text: String) -> Entry {
            Entry(tag: tag, type: 1, value: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0, 0])
        }
    }

    /// A little-endian TIFF structure: IFD0 with `entries`, and an Exif IFD with `exifEntries`
    /// when there are any. Values longer than four bytes follow the IFDs.
    package static func tiff(_ entries: [Entry], exifEntries: [Entry] = []) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        var ifd0 = entries
        if !exifEntries.isEmpty { ifd0.append(Entry(tag: 0x8769, type: 4, value: [0, 0, 0, 0])) }
        let ifd0Size = 2 + 12 * ifd0.count + 4
        let exifSize = exifEntries.isEmpty ? 0 : 2 + 12 * exifEntries.count + 4
        var data: [UInt8] = []
        let dataStart = 8 + ifd0Size + exifSize
        func ifd(_ list: [Entry]) -> [UInt8] {
            var bytes = u16(list.count)
            for entry in list {
                let size = [3: 2, 4: 4, 5: 8, 10: 8][entry.type] ?? 1
                let count = entry.value.count / size
                var value = entry.value
                if entry.tag == 0x8769 {
                    value = u32(8 + ifd0Size)
                } else if value.count > 4 {
                    let offset = dataStart + data.count
                    data += value
                    value = u32(offset)
                }
                bytes +=
                    u16(Int(entry.tag)) + u16(Int(entry.type)) + u32(count) + value
                    + [UInt8](repeating: 0, count: 4 - value.count)
            }
            return bytes + u32(0)
        }
        let first = ifd(ifd0)
        let second = exifEntries.isEmpty ? [] : ifd(exifEntries)
        return [0x49, 0x49, 0x2A, 0x00] + u32(8) + first + second + data
    }

    /// An XMP packet with `properties` (already serialised elements) in one `rdf:Description`,
    /// and `attributes` on it.
    package static func xmp(_ properties: String, attributes: String = "") -> [UInt8] {
        Array(
            """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpNote="http://ns.adobe.com/xmp/note/" \(attributes)>
            \(properties)
            </rdf:Description></rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """.utf8)
    }

    package static func title(_ text: String) -> String {
        "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(text)</rdf:li></rdf:Alt></dc:title>"
    }

    /// IIM datasets (record, number, data) in a Photoshop `8BIM` 0x0404 resource, as the payload of
    /// an `APP13` segment.
    package static func app13(_ datasets: [(UInt8, UInt8, [UInt8])], sizeAdjustment: Int = 0) -> [UInt8] {
        var iim: [UInt8] = []
        for (record, number, data) in datasets {
            iim += [0x1C, record, number, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
        }
        let size = iim.count + sizeAdjustment
        var resource = Array("8BIM".utf8) + [0x04, 0x04, 0, 0]
        resource += [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        resource += iim
        if iim.count & 1 == 1 { resource.append(0) }
        return Array("Photoshop 3.0\0".utf8) + resource
    }

    package static func jpeg(app1: [[UInt8]] = [], app13: [UInt8]? = nil) -> [UInt8] {
        var segments = app1.map { segment(0xE1, $0) }
        if let app13 { segments.append(segment(0xED, app13)) }
        return jpeg(segments: segments)
    }

    package static func exifPayload(_ tiff: [UInt8]) -> [UInt8] { Array("Exif\0\0".utf8) + tiff }
    package static func xmpPayload(_ packet: [UInt8]) -> [UInt8] {
        Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet
    }

    /// One Extended XMP segment's payload.
    package static func extendedPayload(guid: String, fullLength: Int, offset: Int, _ data: ArraySlice<UInt8>)
        -> [UInt8]
    {
        func u32(_ v: Int) -> [UInt8] {
            [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        return Array("http://ns.adobe.com/xmp/extension/\0".utf8) + Array(guid.utf8) + u32(fullLength) + u32(offset)
            + data
    }
    /// A baseline JPEG of `width` × `height` with `segments` after SOI (`marker` 0xC2 for a
    /// progressive one): a quantisation table, the frame, one Huffman table and an empty scan.
    package static func jpeg(
        segments: [[UInt8]] = [], width: UInt16 = 48, height: UInt16 = 32, marker: UInt8 = 0xC0
    ) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for segment in segments { bytes += segment }
        bytes += Self.segment(0xDB, [0x00] + Array(repeating: 1, count: 64) + [0x01] + Array(repeating: 1, count: 64))
        bytes += [
            0xFF, marker, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF), 0x03,
        ]
        bytes += [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        // One code of one bit for DC table 0 and for AC table 0.
        let table = [1] + Array(repeating: 0, count: 15) + [0] as [UInt8]
        bytes += Self.segment(0xC4, [0x00] + table + [0x10] + table)
        // A progressive frame's first scan holds the DC coefficients only.
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, marker == 0xC2 ? 0x00 : 0x3F, 0x00, 0x00, 0xFF, 0xD9]
        return bytes
    }

    /// A JPEG marker segment: marker, length, payload.
    package static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
