import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The ICC profile written for `nclx` code points, read back tag by tag, and compared with the
/// Display P3 profile Apple's iPhones embed (written by Apple's ColorSync, not by us).
struct CodePointProfileTests {
    /// The tags of an ICC profile: signature → data.
    static func tags(_ profile: [UInt8]) throws -> [String: ArraySlice<UInt8>] {
        let window = ByteWindow(profile)
        let count = try #require(window.u32(128))
        var tags: [String: ArraySlice<UInt8>] = [:]
        for index in 0..<Int(count) {
            let entry = 132 + 12 * index
            let signature = String(decoding: profile[entry..<entry + 4], as: UTF8.self)
            let offset = Int(try #require(window.u32(entry + 4)))
            let size = Int(try #require(window.u32(entry + 8)))
            #expect(offset % 4 == 0, "\(signature) starts on a 4-byte boundary")
            try #require(offset + size <= profile.count, "\(signature) lies inside the profile")
            tags[signature] = profile[offset..<offset + size]
        }
        return tags
    }

    /// The s15Fixed16 numbers of a tag after its 8-byte type header (`skip` more bytes skipped).
    static func numbers(_ data: ArraySlice<UInt8>, skip: Int = 0) -> [Double] {
        let bytes = Array(data.dropFirst(8 + skip))
        return stride(from: 0, to: bytes.count - 3, by: 4).map { i in
            Double(
                Int32(
                    bitPattern: UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8
                        | UInt32(bytes[i + 3]))) / 65536
        }
    }

    @Test(arguments: [(1, 13), (2, 2), (1, 1), (2, 6), (1, 14), (1, 15)])
    func sRGBCodePointsNeedNoProfile(primaries: Int, transfer: Int) {
        #expect(CodePointProfile(primaries: primaries, transfer: transfer).iccProfile == nil)
    }

    /// PQ and HLG (16, 18) are HDR; primaries 10 (XYZ) and 0, 3 (reserved) are not described.
    @Test(arguments: [(12, 16), (9, 18), (10, 13), (0, 13), (3, 13), (12, 17)])
    func codePointsNotDescribedGiveNoProfile(primaries: Int, transfer: Int) {
        #expect(CodePointProfile(primaries: primaries, transfer: transfer).iccProfile == nil)
    }

    @Test(arguments: [(12, 13), (9, 1), (11, 13), (6, 6), (5, 8), (4, 4), (22, 5), (12, 2)])
    func everyProfileIsWellFormed(primaries: Int, transfer: Int) throws {
        let profile = try #require(CodePointProfile(primaries: primaries, transfer: transfer).iccProfile)
        let header = try #require(ICCProfileHeader(profile))
        #expect(header.describes(.rgb) && header.deviceClass == "mntr" && header.connectionSpace == "XYZ ")
        #expect(ByteWindow(profile).u32(0) == UInt32(profile.count))
        let tags = try Self.tags(profile)
        #expect(Set(tags.keys) == ["desc", "cprt", "wtpt", "chad", "rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"])
        // The colorants add up to the connection space's white (D50): white maps to white.
        let sum = (0..<3).map { i in ["rXYZ", "gXYZ", "bXYZ"].reduce(0.0) { $0 + Self.numbers(tags[$1]!)[i] } }
        for (value, white) in zip(sum, [0.9642, 1.0, 0.8249]) { #expect(abs(value - white) < 0.0005, "\(sum)") }
        #expect(profile == CodePointProfile(primaries: primaries, transfer: transfer).iccProfile, "deterministic")
    }

    /// Display P3 from `nclx` (12, 13) matches the iPhone's own profile: its colorants within the
    /// rounding of two conversions, its curve the same sRGB curve.
    @Test(.enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"))
    func displayP3MatchesTheIPhonesProfile() throws {
        let file = try HEIFFile(
            Array(
                Data(contentsOf: SharedMaterial.folder("heic").appendingPathComponent("iphone8plus_arrow_irot270.heic"))
            ))
        let primary = try file.primaryImage()
        let apple = try #require(
            primary.colours.lazy.compactMap { if case .icc(let bytes, _) = $0 { bytes } else { nil } }.first)
        let ours = try #require(CodePointProfile(primaries: 12, transfer: 13).iccProfile)
        let (appleTags, ourTags) = (try Self.tags(apple), try Self.tags(ours))
        // Not `wtpt`: Apple's records the D65 media white, where ICC v4 asks a display profile for
        // the connection space's D50 (`chad` carries the adaptation in both).
        for tag in ["rXYZ", "gXYZ", "bXYZ"] {
            let (a, o) = (Self.numbers(appleTags[tag]!), Self.numbers(ourTags[tag]!))
            #expect(zip(a, o).allSatisfy { abs($0 - $1) < 0.0006 }, "\(tag): Apple \(a), ours \(o)")
        }
        for tag in ["rTRC", "chad"] {
            let skip = tag == "rTRC" ? 4 : 0 // the curve's function type and padding
            let (a, o) = (Self.numbers(appleTags[tag]!, skip: skip), Self.numbers(ourTags[tag]!, skip: skip))
            #expect(
                a.count == o.count && zip(a, o).allSatisfy { abs($0 - $1) < 0.0006 }, "\(tag): Apple \(a), ours \(o)")
        }
        let description = Array(ourTags["desc"]!.dropFirst(28))
        #expect(String(decoding: description.chunks(2), as: UTF16.self) == "Display P3")
    }
}

extension Array where Element == UInt8 {
    /// Big-endian UTF-16 code units.
    fileprivate func chunks(_ size: Int) -> [UInt16] {
        stride(from: 0, to: count - 1, by: size).map { UInt16(self[$0]) << 8 | UInt16(self[$0 + 1]) }
    }
}
