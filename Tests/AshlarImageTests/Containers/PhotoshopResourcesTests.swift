import Testing

@testable import AshlarImage

/// `PhotoshopResources`, the one walker of a JPEG's `APP13` resource blocks: names and data
/// padded to even lengths, the types older tools wrote, and where and why a damaged walk stops.
@Suite struct PhotoshopResourcesTests {
    /// One block: type, id, name (a Pascal string padded to even), size, data and its pad byte.
    static func block(
        _ id: UInt16, _ data: [UInt8], name: String = "", type: String = "8BIM", size: Int? = nil, pad: Bool = true
    ) -> [UInt8] {
        var bytes = Array(type.utf8) + [UInt8(id >> 8), UInt8(id & 0xFF), UInt8(name.utf8.count)] + Array(name.utf8)
        if name.utf8.count % 2 == 0 { bytes.append(0) }
        let size = size ?? data.count
        bytes += (0..<4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) } + data
        if pad && data.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    struct WalkCase: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// Id, block range, data range and stated size of each resource.
        var resources: [(UInt16, Range<Int>, Range<Int>, Int)]
        var ending: PhotoshopResources.Ending
        var testDescription: String { name }
    }

    static let walkCases = [
        WalkCase(name: "empty", bytes: [], resources: [], ending: .complete(rest: 0..<0)),
        WalkCase(
            name: "one resource", bytes: block(0x0404, [1, 2, 3, 4]), resources: [(0x0404, 0..<16, 12..<16, 4)],
            ending: .complete(rest: 16..<16)),
        WalkCase(
            name: "odd size, padded", bytes: block(0x0404, [1, 2, 3]) + block(0x0425, [9, 9]),
            resources: [(0x0404, 0..<16, 12..<15, 3), (0x0425, 16..<30, 28..<30, 2)],
            ending: .complete(rest: 30..<30)),
        WalkCase(
            name: "odd size, last pad missing", bytes: block(0x0404, [1, 2, 3], pad: false),
            resources: [(0x0404, 0..<15, 12..<15, 3)], ending: .complete(rest: 15..<15)),
        WalkCase(
            name: "odd name, no pad", bytes: block(0x0425, [7, 7], name: "md5"),
            resources: [(0x0425, 0..<16, 14..<16, 2)], ending: .complete(rest: 16..<16)),
        WalkCase(
            name: "even name, padded", bytes: block(0x0425, [7, 7], name: "id"),
            resources: [(0x0425, 0..<16, 14..<16, 2)], ending: .complete(rest: 16..<16)),
        WalkCase(
            name: "older tools' types", bytes: block(0x0001, [5, 5], type: "PHUT") + block(0x0404, [], type: "MeSa"),
            resources: [(0x0001, 0..<14, 12..<14, 2), (0x0404, 14..<26, 26..<26, 0)],
            ending: .complete(rest: 26..<26)),
        WalkCase(
            name: "padding after the last block", bytes: block(0x0404, [1, 2]) + [0, 0, 0],
            resources: [(0x0404, 0..<14, 12..<14, 2)], ending: .complete(rest: 14..<17)),
        WalkCase(
            name: "unknown type", bytes: block(0x0404, [1, 2]) + block(0x0422, [3, 4], type: "Adob"),
            resources: [(0x0404, 0..<14, 12..<14, 2)], ending: .unknownType(at: 14)),
        WalkCase(
            name: "zero padding long enough for a block",
            bytes: block(0x0404, [1, 2]) + Array(repeating: 0, count: 12),
            resources: [(0x0404, 0..<14, 12..<14, 2)], ending: .unknownType(at: 14)),
        WalkCase(
            name: "truncated block", bytes: Array(block(0x0404, Array(repeating: 1, count: 20)).prefix(18)),
            resources: [(0x0404, 0..<18, 12..<18, 20)], ending: .resourceRunsPast),
        WalkCase(
            name: "size overflow", bytes: block(0x0404, [1, 2], size: 0xFFFF_FFFF),
            resources: [(0x0404, 0..<14, 12..<14, 0xFFFF_FFFF)], ending: .resourceRunsPast),
        WalkCase(
            name: "name past the end",
            bytes: Array(block(0x0404, [], name: String(repeating: "n", count: 9)).prefix(12)),
            resources: [], ending: .headerRunsPast(at: 0)),
        WalkCase(
            name: "size field cut short",
            bytes: block(0x0404, [1, 2]) + Array(block(0x0425, [], name: "abcdefg").prefix(14)),
            resources: [(0x0404, 0..<14, 12..<14, 2)], ending: .headerRunsPast(at: 14)),
    ]

    @Test(arguments: walkCases)
    func blocksAreWalked(_ test: WalkCase) {
        let walk = PhotoshopResources(test.bytes[...])
        #expect(walk.resources.map(\.id) == test.resources.map(\.0))
        #expect(walk.resources.map(\.block) == test.resources.map(\.1))
        #expect(walk.resources.map(\.data) == test.resources.map(\.2))
        #expect(walk.resources.map(\.size) == test.resources.map(\.3))
        #expect(walk.ending == test.ending)
    }

    @Test func rangesAreIndicesOfTheSlice() {
        let payload = PhotoshopResources.signature + Self.block(0x0404, [1, 2, 3]) + [0]
        let walk = PhotoshopResources(payload[PhotoshopResources.signature.count...])
        let start = PhotoshopResources.signature.count
        #expect(walk.resources.map(\.block) == [start..<(start + 16)])
        #expect(walk.resources.first.map { Array(payload[$0.data]) } == [1, 2, 3])
        #expect(walk.ending == .complete(rest: (start + 16)..<(start + 17)))
    }

    @Test func completenessFollowsTheStatedSize() {
        let walk = PhotoshopResources((Self.block(0x0404, [1, 2]) + Self.block(0x0425, [1, 2], size: 8))[...])
        #expect(walk.resources.map(\.isComplete) == [true, false])
    }
}
