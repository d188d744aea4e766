extension JPEGEncoder {
    /// A marker segment: `FF marker`, the big-endian length (counting itself), then `payload`.
    static func appendSegment(_ marker: UInt8, _ payload: [UInt8], to output: inout [UInt8]) {
        let length = payload.count + 2
        output += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]
        output += payload
    }

    /// JFIF 1.01, no density unit, 1:1 pixels, no thumbnail.
    static func appendJFIF(to output: inout [UInt8]) {
        appendSegment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], to: &output)
    }

    /// The profile in APP2 chunks numbered from 1, each stating the chunk count (ICC.1 B.4).
    static func appendICCProfile(_ profile: [UInt8], to output: inout [UInt8]) {
        let chunkCount = (profile.count + iccChunkSize - 1) / iccChunkSize
        guard (1...255).contains(chunkCount) else { return }
        for chunk in 0..<chunkCount {
            let start = chunk * iccChunkSize
            let header = Array("ICC_PROFILE".utf8) + [0, UInt8(chunk + 1), UInt8(chunkCount)]
            appendSegment(0xE2, header + profile[start..<min(start + iccChunkSize, profile.count)], to: &output)
        }
    }

    /// One DQT segment with 8-bit tables 0 (luma), 1 (chroma or Cb) and 2 (Cr), as many as given, in
    /// zig-zag order.
    static func appendQuantisers(_ tables: [[UInt16]], to output: inout [UInt8]) {
        var payload: [UInt8] = []
        for (index, table) in tables.enumerated() {
            payload.append(UInt8(index))
            payload += table.map { UInt8($0) }
        }
        appendSegment(0xDB, payload, to: &output)
    }

    /// SOF0 (baseline) or SOF2 (progressive): components 1 (Y) at quantiser 0 and, in colour,
    /// 2 (Cb) and 3 (Cr) at quantiser 1.
    static func appendFrameHeader(_ frame: Frame, progressive: Bool, to output: inout [UInt8]) {
        var payload: [UInt8] = [
            8, UInt8(frame.height >> 8), UInt8(frame.height & 0xFF), UInt8(frame.width >> 8),
            UInt8(frame.width & 0xFF), UInt8(frame.components),
        ]
        payload += [1, UInt8(frame.factor << 4 | frame.factor), 0]
        if frame.components == 3 { payload += [2, 0x11, 1, 3, 0x11, 1] }
        appendSegment(progressive ? 0xC2 : 0xC0, payload, to: &output)
    }

    /// One DHT segment: luma DC, luma AC and, in colour, chroma DC and AC (classes 0 and 1,
    /// destinations 0 and 1).
    static func appendHuffmanTables(_ tables: [HuffmanTable], to output: inout [UInt8]) {
        var payload: [UInt8] = []
        for (index, table) in tables.enumerated() {
            payload.append(UInt8((index % 2) << 4 | index / 2))
            payload += table.counts
            payload += table.symbols
        }
        appendSegment(0xC4, payload, to: &output)
    }

    /// SOS for one interleaved scan of every component, all 64 coefficients at full precision.
    static func appendScanHeader(_ frame: Frame, to output: inout [UInt8]) {
        var payload: [UInt8] = [UInt8(frame.components), 1, 0x00]
        if frame.components == 3 { payload += [2, 0x11, 3, 0x11] }
        payload += [0, 63, 0]
        appendSegment(0xDA, payload, to: &output)
    }
}
