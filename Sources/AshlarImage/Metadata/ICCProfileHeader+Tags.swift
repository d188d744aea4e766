import Foundation

/// The tag table of an ICC profile and the few tag types a matrix/TRC profile is made of
/// (ICC.1:2022 §7.3, §10): every offset and count is checked against the bytes there are.
extension ICCProfileHeader {
    /// Each tag's signature and the range of its bytes in `profile`, the first of a signature
    /// kept; nil when the profile has no header or its tag table runs past its end.
    static func tags(in profile: [UInt8]) -> [String: Range<Int>]? {
        guard ICCProfileHeader(profile) != nil, profile.count >= 132 else { return nil }
        let count = Int(bigEndian32(profile, at: 128))
        guard count <= (profile.count - 132) / 12 else { return nil }
        var tags: [String: Range<Int>] = [:]
        for index in 0..<count {
            let entry = 132 + 12 * index
            let signature = String(decoding: profile[entry..<entry + 4], as: UTF8.self)
            let offset = Int(bigEndian32(profile, at: entry + 4))
            let size = Int(bigEndian32(profile, at: entry + 8))
            guard offset <= profile.count, size <= profile.count - offset else { return nil }
            if tags[signature] == nil { tags[signature] = offset..<offset + size }
        }
        return tags
    }

    /// An `XYZ ` tag's first XYZ number, or nil when the tag is of another type or too short.
    static func xyz(_ tag: [UInt8]) -> [Double]? {
        guard tag.count >= 20, tag.prefix(4).elementsEqual("XYZ ".utf8) else { return nil }
        return (0..<3).map { s15Fixed16(tag, at: 8 + 4 * $0) }
    }

    /// A tone curve (`curv` or `para`) as a function on 0…1; nil for any other type, a
    /// truncated tag or a parametric function type the specification does not define.
    static func toneCurve(_ tag: [UInt8]) -> (@Sendable (Double) -> Double)? {
        guard tag.count >= 12 else { return nil }
        if tag.prefix(4).elementsEqual("curv".utf8) {
            let count = Int(bigEndian32(tag, at: 8))
            guard count <= (tag.count - 12) / 2 else { return nil }
            let entries = (0..<count).map { Double(bigEndian16(tag, at: 12 + 2 * $0)) / 65535 }
            switch count {
            case 0: return { $0 }
            case 1:
                // One entry is a gamma, u8Fixed8Number.
                let gamma = entries[0] * 65535 / 256
                return { pow($0, gamma) }
            default:
                return { x in
                    let position = min(max(x, 0), 1) * Double(count - 1)
                    let low = Int(position)
                    let high = min(low + 1, count - 1)
                    return entries[low] + (entries[high] - entries[low]) * (position - Double(low))
                }
            }
        }
        guard tag.prefix(4).elementsEqual("para".utf8) else { return nil }
        let function = Int(bigEndian16(tag, at: 8))
        let counts = [1, 3, 4, 5, 7]
        guard function < counts.count, tag.count >= 12 + 4 * counts[function] else { return nil }
        let p = (0..<counts[function]).map { s15Fixed16(tag, at: 12 + 4 * $0) }
        // Every type written as type 4: Y = (aX + b)^g + e for X ≥ d, else cX + f (Table 68).
        let (g, a, b) = (p[0], function == 0 ? 1 : p[1], function == 0 ? 0 : p[2])
        let start = function == 1 || function == 2 ? (a == 0 ? 0 : -b / a) : (function >= 3 ? p[4] : 0)
        let c = function >= 3 ? p[3] : 0
        let e = function == 2 ? p[3] : (function == 4 ? p[5] : 0)
        let f = function == 2 ? p[3] : (function == 4 ? p[6] : 0)
        return { x in x >= start ? pow(max(a * x + b, 0), g) + e : c * x + f }
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func bigEndian16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    static func s15Fixed16(_ bytes: [UInt8], at offset: Int) -> Double {
        Double(Int32(bitPattern: bigEndian32(bytes, at: offset))) / 65536
    }
}
