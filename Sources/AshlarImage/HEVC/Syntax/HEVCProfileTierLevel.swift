/// `profile_tier_level()` (§7.3.3): the general profile and level; the sub-layers' are read to get
/// past them.
package struct HEVCProfileTierLevel: Sendable, Equatable {
    package var profileSpace = 0
    package var tier = 0
    /// 1 Main, 2 Main 10, 3 Main Still Picture, 4 range extensions, …
    package var profileIDC = 0
    package var compatibility: UInt32 = 0
    package var levelIDC = 0

    package init() {}

    package init(_ reader: inout HEVCBitReader, maxSubLayersMinus1: Int) throws(ImageError) {
        profileSpace = try reader.u(2, "general_profile_space")
        tier = try reader.u(1, "general_tier_flag")
        profileIDC = try reader.u(5, "general_profile_idc")
        compatibility = UInt32(try reader.u(32, "general_profile_compatibility_flags"))
        // progressive, interlaced, non-packed, frame-only; then 43 constraint bits and one more.
        try reader.skip(4 + 43 + 1, "general_constraint_flags")
        levelIDC = try reader.u(8, "general_level_idc")
        var profilePresent: [Bool] = []
        var levelPresent: [Bool] = []
        for _ in 0..<maxSubLayersMinus1 {
            profilePresent.append(try reader.flag("sub_layer_profile_present_flag"))
            levelPresent.append(try reader.flag("sub_layer_level_present_flag"))
        }
        if maxSubLayersMinus1 > 0 {
            for _ in maxSubLayersMinus1..<8 { try reader.skip(2, "reserved_zero_2bits") }
        }
        for index in 0..<maxSubLayersMinus1 {
            if profilePresent[index] { try reader.skip(88, "sub_layer_profile") }
            if levelPresent[index] { try reader.skip(8, "sub_layer_level_idc") }
        }
    }

    /// The profile's name, for messages.
    package var profileName: String {
        switch profileIDC {
        case 1: "Main"
        case 2: "Main 10"
        case 3: "Main Still Picture"
        case 4: "Format Range Extensions"
        case 5: "High Throughput"
        case 9: "Screen Content Coding"
        default: "profile \(profileIDC)"
        }
    }
}
