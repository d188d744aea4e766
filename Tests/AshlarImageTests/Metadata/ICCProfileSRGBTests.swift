import Foundation
import Testing

@testable import AshlarImage

/// `ICCProfileHeader.isStandardSRGB`: standard sRGB is recognised by what the profile says, not
/// its name; every other profile, and any profile in doubt, is kept.
@Suite struct ICCProfileSRGBTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestFiles.fixtures.appendingPathComponent("icc/\(name)")))
    }

    struct FileCase: Sendable, CustomTestStringConvertible {
        var file: String
        var isSRGB: Bool
        var testDescription: String { "\(file): \(isSRGB ? "sRGB" : "not sRGB")" }
    }

    /// Profiles from real files (Fixtures/README.md names their sources); srgb-damaged-v4.icc is
    /// lcms's sRGB with its red colorant's type and green X damaged, so not taken for sRGB.
    @Test(arguments: [
        FileCase(file: "srgb-hp-v2.icc", isSRGB: true),
        FileCase(file: "srgb-mozilla-v2.icc", isSRGB: true),
        FileCase(file: "srgb-gimp-v4.icc", isSRGB: true),
        FileCase(file: "srgb-ultrahdr-v4.icc", isSRGB: true),
        FileCase(file: "srgb-damaged-v4.icc", isSRGB: false),
        FileCase(file: "display-p3-v4.icc", isSRGB: false),
        FileCase(file: "other-rgb-v2.icc", isSRGB: false),
        FileCase(file: "lut-rgb-lab.icc", isSRGB: false),
    ])
    func realProfiles(_ fileCase: FileCase) throws {
        #expect(ICCProfileHeader.isStandardSRGB(try Self.fixture(fileCase.file)) == fileCase.isSRGB)
    }

    struct CraftedCase: Sendable, CustomTestStringConvertible {
        var name: String
        var profile: ICCTestProfile
        var isSRGB: Bool
        var testDescription: String { name }
    }

    static let sRGBPara4 = ICCTestProfile.Curve.para(
        function: 4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045, 0, 0])
    static let sRGBTable = ICCTestProfile.Curve.curv((0..<256).map { TransferCurve.decode(Double($0) / 255) })

    @Test(arguments: [
        CraftedCase(name: "sRGB, para type 3", profile: ICCTestProfile(), isSRGB: true),
        CraftedCase(name: "sRGB, para type 4", profile: ICCTestProfile(trc: sRGBPara4), isSRGB: true),
        CraftedCase(name: "sRGB, a 256-entry curv", profile: ICCTestProfile(trc: sRGBTable), isSRGB: true),
        CraftedCase(name: "sRGB, D65 white point", profile: ICCTestProfile(white: [0.9505, 1, 1.089]), isSRGB: true),
        CraftedCase(
            name: "Adobe RGB colorants",
            profile: ICCTestProfile(
                colorants: [[0.6097, 0.3111, 0.0195], [0.2053, 0.6257, 0.0609], [0.1492, 0.0632, 0.7446]],
                trc: .curv([]).gamma(563 / 256)),
            isSRGB: false),
        CraftedCase(
            name: "ProPhoto colorants",
            profile: ICCTestProfile(
                colorants: [[0.7977, 0.2880, 0], [0.1352, 0.7119, 0], [0.0313, 0.0001, 0.8249]]),
            isSRGB: false),
        CraftedCase(
            name: "sRGB red 0.003 off",
            profile: ICCTestProfile(
                colorants: [[0.4391, 0.2225, 0.0139], [0.3851, 0.7169, 0.0971], [0.1431, 0.0606, 0.7141]]),
            isSRGB: false),
        CraftedCase(name: "gamma 2.2 curve", profile: ICCTestProfile(trc: .curv([]).gamma(2.2)), isSRGB: false),
        CraftedCase(name: "linear curve", profile: ICCTestProfile(trc: .curv([])), isSRGB: false),
        CraftedCase(
            name: "para type 3, gamma 2.2 above the knee",
            profile: ICCTestProfile(trc: .para(function: 3, [2.2, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])),
            isSRGB: false),
        CraftedCase(name: "an A2B0 table too", profile: ICCTestProfile(extraTags: ["A2B0"]), isSRGB: false),
        CraftedCase(name: "a B2A1 table too", profile: ICCTestProfile(extraTags: ["B2A1"]), isSRGB: false),
        CraftedCase(name: "grey colour space", profile: ICCTestProfile(colourSpace: "GRAY"), isSRGB: false),
        CraftedCase(name: "Lab connection space", profile: ICCTestProfile(connectionSpace: "Lab "), isSRGB: false),
        CraftedCase(name: "device link", profile: ICCTestProfile(deviceClass: "link"), isSRGB: false),
        CraftedCase(name: "D55 white point", profile: ICCTestProfile(white: [0.9568, 1, 0.9214]), isSRGB: false),
        CraftedCase(name: "no white point", profile: ICCTestProfile(omitting: "wtpt"), isSRGB: false),
        CraftedCase(name: "no green curve", profile: ICCTestProfile(omitting: "gTRC"), isSRGB: false),
        CraftedCase(name: "no blue colorant", profile: ICCTestProfile(omitting: "bXYZ"), isSRGB: false),
    ])
    func craftedProfiles(_ craftedCase: CraftedCase) {
        #expect(ICCProfileHeader.isStandardSRGB(craftedCase.profile.bytes) == craftedCase.isSRGB)
    }

    /// Cut anywhere, an sRGB profile is no longer taken for one, and nothing traps.
    @Test func truncatedProfilesAreKept() throws {
        let profile = try Self.fixture("srgb-hp-v2.icc")
        for length in stride(from: 0, to: profile.count, by: 7) {
            #expect(!ICCProfileHeader.isStandardSRGB(Array(profile.prefix(length))), "cut at \(length)")
        }
        #expect(ICCProfileHeader.isStandardSRGB(profile))
    }

    /// A tag table or tag whose offsets point past the end, or a curve longer than its tag.
    @Test func lyingOffsetsAreKept() {
        var profile = ICCTestProfile().bytes
        profile.replaceSubrange(128..<132, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(!ICCProfileHeader.isStandardSRGB(profile))
        var offsets = ICCTestProfile().bytes
        offsets.replaceSubrange(136..<140, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(!ICCProfileHeader.isStandardSRGB(offsets))
        #expect(ICCProfileHeader.toneCurve(Array("curv".utf8) + [0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0]) == nil)
        #expect(ICCProfileHeader.toneCurve(Array("para".utf8) + [0, 0, 0, 0, 0, 9, 0, 0] + [0, 1, 0, 0]) == nil)
    }
}
