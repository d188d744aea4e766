import Testing

@testable import AshlarImage

/// Emulation prevention, NAL unit framing and the Exp-Golomb reader on hand-made bytes,
/// malformed ones included: every case either reads what the spec says or throws.
@Suite struct HEVCBitstreamTests {
    /// (escaped payload, RBSP, positions of the removed bytes).
    @Test(
        arguments: [
            ([0x00, 0x00, 0x03, 0x01], [0x00, 0x00, 0x01], [2]),
            ([0x00, 0x00, 0x03, 0x00, 0x00, 0x03, 0x02], [0x00, 0x00, 0x00, 0x00, 0x02], [2, 5]),
            ([0x00, 0x03, 0x01], [0x00, 0x03, 0x01], []),
            ([0x00, 0x00, 0x00, 0x03], [0x00, 0x00, 0x00], [3]),
            ([0x12, 0x00, 0x00, 0x03], [0x12, 0x00, 0x00], [3]),
            ([0x00, 0x00, 0x03, 0x03, 0x00, 0x00, 0x03], [0x00, 0x00, 0x03, 0x00, 0x00], [2, 6]),
        ] as [([UInt8], [UInt8], [Int])])
    func emulationPreventionIsRemovedAndMapped(_ escaped: [UInt8], _ rbsp: [UInt8], _ removed: [Int]) throws {
        let unit = try HEVCNALUnit([0x42, 0x01][...] + escaped[...])
        #expect(unit.type == .sequenceParameterSet)
        #expect(unit.rbsp == rbsp)
        #expect(unit.emulationPrevention == removed)
        // Every RBSP byte maps to the stored byte it came from, and back.
        for offset in rbsp.indices {
            let stored = unit.storedOffset(ofRBSP: offset)
            #expect(escaped[stored] == rbsp[offset])
            #expect(unit.rbspOffset(ofStored: stored) == offset)
        }
        for position in removed { #expect(unit.rbspOffset(ofStored: position) == nil) }
    }

    @Test func headersAreCheckedAndRead() throws {
        #expect(throws: ImageError.self) { try HEVCNALUnit([0x42][...]) }
        #expect(throws: ImageError(.malformed, "HEVC NAL unit header: forbidden_zero_bit is 1")) {
            try HEVCNALUnit([0xC2, 0x01][...])
        }
        #expect(throws: ImageError(.malformed, "HEVC NAL unit header: nuh_temporal_id_plus1 is 0")) {
            try HEVCNALUnit([0x42, 0x00][...])
        }
        let slice = try HEVCNALUnit([0x26, 0x0A][...])
        #expect(slice.type == .slice(19))
        #expect(slice.type.isIDR && slice.type.isIRAP && slice.type.isCodedSlice)
        #expect(slice.layerID == 1 && slice.temporalID == 1)
    }

    @Test func lengthPrefixedAndAnnexBFraming() throws {
        let data: [UInt8] = [0, 0, 0, 2, 0x40, 0x01, 0, 0, 0, 0, 0, 0, 0, 3, 0x42, 0x01, 0x99]
        let units = try HEVCNALUnit.lengthPrefixed(data[...], lengthSize: 4)
        #expect(units.map(Array.init) == [[0x40, 0x01], [0x42, 0x01, 0x99]])
        #expect(throws: ImageError.self) { try HEVCNALUnit.lengthPrefixed(data.dropLast(), lengthSize: 4) }
        #expect(throws: ImageError.self) { try HEVCNALUnit.lengthPrefixed(data[...], lengthSize: 3) }
        let stream: [UInt8] = [0, 0, 0, 1, 0x40, 0x01, 0, 0, 1, 0x42, 0x01, 0x99, 0, 0]
        #expect(HEVCNALUnit.annexB(stream[...]).map(Array.init) == [[0x40, 0x01], [0x42, 0x01, 0x99]])
    }

    /// ue(v) and se(v) codes as Table 9-2 and 9-3 give them.
    @Test(arguments: [
        ("1", 0, 0), ("010", 1, 1), ("011", 2, -1), ("00100", 3, 2), ("00101", 4, -2), ("00111", 6, -3),
        ("0001000", 7, 4),
        (String(repeating: "0", count: 16) + "1" + String(repeating: "0", count: 16), 65_535, 32_768),
    ])
    func expGolombCodes(_ bits: String, _ unsigned: Int, _ signed: Int) throws {
        var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (index, bit) in bits.enumerated() where bit == "1" { bytes[index / 8] |= 0x80 >> UInt8(index % 8) }
        var reader = HEVCBitReader(bytes, structure: "test")
        #expect(try reader.ue("code") == unsigned)
        #expect(reader.position == bits.count)
        var signedReader = HEVCBitReader(bytes, structure: "test")
        #expect(try signedReader.se("code", in: -100_000...100_000) == signed)
    }

    @Test func malformedCodesThrow() {
        var tooLong = HEVCBitReader([0, 0, 0, 0, 0xFF], structure: "SPS")
        #expect(throws: ImageError(.malformed, "HEVC SPS: x is an Exp-Golomb code of more than 32 bits")) {
            try tooLong.ue("x")
        }
        var short = HEVCBitReader([0x00], structure: "PPS")
        #expect(throws: ImageError(.malformed, "HEVC PPS ends inside x")) { try short.ue("x") }
        var large = HEVCBitReader([0x04, 0x00], structure: "SPS")
        #expect(throws: ImageError(.malformed, "HEVC SPS: x is 31, more than 15")) { try large.ue("x", maximum: 15) }
        var stop = HEVCBitReader([0b1010_0000], structure: "SEI")
        #expect(stop.moreRBSPData)
        _ = try? stop.u(2, "y")
        #expect(!stop.moreRBSPData)
    }

    @Test func aConfigurationRecordsParameterSets() throws {
        var record: [UInt8] = [
            1, 0x03, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 90, 0xF0, 0, 0xFC, 0xFD, 0xFA, 0xFA, 0, 0, 0x0F,
        ]
        record += [2, 0xA0, 0, 1, 0, 3, 0x40, 0x01, 0x0C, 0xA1, 0, 2, 0, 0, 0, 2, 0x42, 0x01]
        let configuration = try HEVCDecoderConfiguration(record)
        #expect(configuration.profileIDC == 3)
        #expect(configuration.levelIDC == 90)
        #expect(configuration.chromaFormatIDC == 1)
        #expect(configuration.bitDepthLuma == 10)
        #expect(configuration.bitDepthChroma == 10)
        #expect(configuration.lengthSize == 4)
        #expect(configuration.nalUnits == [[0x40, 0x01, 0x0C], [0x42, 0x01]])
        #expect(throws: ImageError.self) { try HEVCDecoderConfiguration(Array(record.dropLast())) }
        #expect(throws: ImageError.self) { try HEVCDecoderConfiguration(Array(record.prefix(20))) }
    }
}
