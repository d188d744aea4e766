/// One HEVC NAL unit: its two-byte header and its payload as RBSP (emulation prevention bytes
/// removed), with where the removed bytes were, since slice entry points count them (§7.4.7.1).
package struct HEVCNALUnit: Sendable, Equatable {
    package var type: HEVCNALUnitType
    package var layerID: Int
    package var temporalID: Int
    /// The payload after the header, emulation prevention removed.
    package var rbsp: [UInt8]
    /// Positions, in the payload as stored (after the header), of the `0x03` bytes removed.
    package var emulationPrevention: [Int]

    /// Reads a NAL unit (header and escaped payload).
    package init(_ bytes: ArraySlice<UInt8>) throws(ImageError) {
        guard bytes.count >= 2 else {
            throw ImageError(.malformed, "HEVC NAL unit of \(bytes.count) bytes has no header")
        }
        let first = Int(bytes[bytes.startIndex])
        let second = Int(bytes[bytes.startIndex + 1])
        guard first & 0x80 == 0 else { throw ImageError(.malformed, "HEVC NAL unit header: forbidden_zero_bit is 1") }
        guard second & 7 != 0 else { throw ImageError(.malformed, "HEVC NAL unit header: nuh_temporal_id_plus1 is 0") }
        type = HEVCNALUnitType(rawValue: first >> 1)
        layerID = (first & 1) << 5 | second >> 3
        temporalID = (second & 7) - 1
        var rbsp: [UInt8] = []
        rbsp.reserveCapacity(bytes.count - 2)
        var removed: [Int] = []
        var zeros = 0
        for (offset, byte) in bytes.dropFirst(2).enumerated() {
            if zeros >= 2 && byte == 3 {
                removed.append(offset)
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            rbsp.append(byte)
        }
        self.rbsp = rbsp
        self.emulationPrevention = removed
    }

    /// The position in the payload as stored of RBSP byte `offset`.
    package func storedOffset(ofRBSP offset: Int) -> Int {
        var passed = 0
        while passed < emulationPrevention.count, emulationPrevention[passed] <= offset + passed { passed += 1 }
        return offset + passed
    }

    /// The RBSP byte at stored payload position `offset`; nil when that byte is an emulation
    /// prevention byte (no substream may start there).
    package func rbspOffset(ofStored offset: Int) -> Int? {
        var before = 0
        for position in emulationPrevention {
            if position == offset { return nil }
            if position > offset { break }
            before += 1
        }
        return offset - before
    }

    /// The NAL units of length-prefixed data (`hvcC`'s `lengthSizeMinusOne` + 1 bytes, 1, 2 or
    /// 4), as a HEIF item stores them. Zero-length units are skipped.
    package static func lengthPrefixed(_ data: ArraySlice<UInt8>, lengthSize: Int) throws(ImageError)
        -> [ArraySlice<UInt8>]
    {
        guard [1, 2, 4].contains(lengthSize) else {
            throw ImageError(.malformed, "HEVC NAL unit length size \(lengthSize) is not 1, 2 or 4")
        }
        var units: [ArraySlice<UInt8>] = []
        var at = data.startIndex
        while at < data.endIndex {
            guard data.endIndex - at >= lengthSize else {
                throw ImageError(.malformed, "HEVC data ends inside a NAL unit length")
            }
            var length = 0
            for index in at..<at + lengthSize { length = length << 8 | Int(data[index]) }
            at += lengthSize
            guard length <= data.endIndex - at else {
                throw ImageError(.malformed, "HEVC NAL unit of \(length) bytes runs past the end of the data")
            }
            if length > 0 { units.append(data[at..<at + length]) }
            at += length
        }
        return units
    }

    /// The NAL units of an Annex B byte stream (start codes `00 00 01`, trailing zero bytes
    /// dropped).
    package static func annexB(_ stream: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var starts: [Int] = []
        var index = stream.startIndex
        while index + 2 < stream.endIndex {
            if stream[index] == 0, stream[index + 1] == 0, stream[index + 2] == 1 {
                starts.append(index + 3)
                index += 3
            } else {
                index += 1
            }
        }
        return starts.enumerated().compactMap { number, start in
            var end = number + 1 < starts.count ? starts[number + 1] - 3 : stream.endIndex
            while end > start, stream[end - 1] == 0 { end -= 1 }
            return end > start ? stream[start..<end] : nil
        }
    }
}

/// The NAL unit types a still picture's stream holds, by `nal_unit_type`.
package enum HEVCNALUnitType: Sendable, Equatable {
    /// A coded slice segment (0–31): `isIRAP` for 16–23, `isIDR` for 19 and 20.
    case slice(Int)
    case videoParameterSet
    case sequenceParameterSet
    case pictureParameterSet
    case accessUnitDelimiter
    case endOfSequence
    case endOfBitstream
    case fillerData
    case prefixSEI
    case suffixSEI
    /// Reserved and unspecified types (41–63), which a decoder ignores.
    case other(Int)

    package init(rawValue: Int) {
        switch rawValue {
        case 0...31: self = .slice(rawValue)
        case 32: self = .videoParameterSet
        case 33: self = .sequenceParameterSet
        case 34: self = .pictureParameterSet
        case 35: self = .accessUnitDelimiter
        case 36: self = .endOfSequence
        case 37: self = .endOfBitstream
        case 38: self = .fillerData
        case 39: self = .prefixSEI
        case 40: self = .suffixSEI
        default: self = .other(rawValue)
        }
    }

    /// IRAP (BLA, IDR, CRA, reserved IRAP): a picture decodable on its own.
    package var isIRAP: Bool {
        if case .slice(let type) = self { (16...23).contains(type) } else { false }
    }

    /// IDR_W_RADL or IDR_N_LP: no picture order count in the slice header.
    package var isIDR: Bool {
        if case .slice(let type) = self { type == 19 || type == 20 } else { false }
    }

    /// A VCL type the spec defines (0–9 and 16–21); the reserved ones (10–15, 22–31) are skipped.
    package var isCodedSlice: Bool {
        if case .slice(let type) = self { (0...9).contains(type) || (16...21).contains(type) } else { false }
    }
}
