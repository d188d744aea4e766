/// A matrix/TRC ICC profile built from its parts, sRGB unless told otherwise, for tests of
/// `ICCProfileHeader.isStandardSRGB`.
struct ICCTestProfile: Sendable {
    /// A tone curve tag.
    enum Curve: Sendable {
        case curv([Double])
        case para(function: Int, [Double])

        /// A one-entry `curv`: a gamma.
        func gamma(_ value: Double) -> Curve { .curv([value * 256 / 65535]) }

        var bytes: [UInt8] {
            switch self {
            case .curv(let entries):
                return Array("curv".utf8) + [0, 0, 0, 0] + ICCTestProfile.uint32(entries.count)
                    + entries.flatMap { value -> [UInt8] in
                        let scaled = UInt16(min(max(value, 0), 1) * 65535 + 0.5)
                        return [UInt8(scaled >> 8), UInt8(scaled & 0xFF)]
                    }
            case .para(let function, let parameters):
                return Array("para".utf8) + [0, 0, 0, 0, 0, UInt8(function), 0, 0]
                    + parameters.flatMap(ICCTestProfile.s15Fixed16)
            }
        }
    }

    var colourSpace = "RGB "
    var connectionSpace = "XYZ "
    var deviceClass = "mntr"
    var white = [0.9642, 1.0, 0.8249]
    var colorants = [[0.4361, 0.2225, 0.0139], [0.3851, 0.7169, 0.0971], [0.1431, 0.0606, 0.7141]]
    var trc = Curve.para(function: 3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
    /// Tags added with 32 bytes of zeros, as a lookup table's signature alone would be.
    var extraTags: [String] = []
    var omitting: String?

    var bytes: [UInt8] {
        let xyz = { (value: [Double]) in Array("XYZ ".utf8) + [0, 0, 0, 0] + value.flatMap(Self.s15Fixed16) }
        var tags: [(String, [UInt8])] = [("wtpt", xyz(white))]
        for (signature, value) in zip(["rXYZ", "gXYZ", "bXYZ"], colorants) { tags.append((signature, xyz(value))) }
        for signature in ["rTRC", "gTRC", "bTRC"] { tags.append((signature, trc.bytes)) }
        for signature in extraTags { tags.append((signature, [UInt8](repeating: 0, count: 32))) }
        tags.removeAll { $0.0 == omitting }
        var header = [UInt8](repeating: 0, count: 128)
        header[8] = 4
        header.replaceSubrange(12..<16, with: Array(deviceClass.utf8))
        header.replaceSubrange(16..<20, with: Array(colourSpace.utf8))
        header.replaceSubrange(20..<24, with: Array(connectionSpace.utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        var table = Self.uint32(tags.count)
        var data: [UInt8] = []
        let dataStart = 128 + 4 + 12 * tags.count
        for (signature, tag) in tags {
            table += Array(signature.utf8) + Self.uint32(dataStart + data.count) + Self.uint32(tag.count)
            data += tag
            while data.count % 4 != 0 { data.append(0) }
        }
        var profile = header + table + data
        profile.replaceSubrange(0..<4, with: Self.uint32(profile.count))
        return profile
    }

    static func uint32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func s15Fixed16(_ value: Double) -> [UInt8] {
        let fixed = UInt32(bitPattern: Int32((value * 65536).rounded()))
        return uint32(Int(fixed))
    }
}
