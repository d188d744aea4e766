@testable import AshlarImage

/// Walks a WebM file's whole element tree (an in-memory copy) against the allowlist as issue 39
/// and Renditions.md state it, written out here by hand: what it finds elsewhere is a problem.
struct WebMAllowlistWalk {
    var bytes: [UInt8]
    private(set) var problems: [String] = []
    private(set) var trackTypes: [UInt64] = []
    private(set) var blocks = 0
    private var trackNumbers: Set<UInt64> = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Kept children of each master; a child that is a key here is walked too.
    static let allowed: [UInt32: Set<UInt32>] = [
        0: [0x1A45_DFA3, 0x1853_8067],
        0x1A45_DFA3: [0x4286, 0x42F7, 0x42F2, 0x42F3, 0x4282, 0x4287, 0x4285],
        0x1853_8067: [0x114D_9B74, 0x1549_A966, 0x1654_AE6B, 0x1C53_BB6B, 0x1F43_B675],
        0x114D_9B74: [0x4DBB], 0x4DBB: [0x53AB, 0x53AC],
        0x1549_A966: [0x2A_D7B1, 0x4489, 0x4461],
        0x1654_AE6B: [0xAE],
        0xAE: [
            0xD7, 0x73C5, 0x83, 0xB9, 0x88, 0x55AA, 0x9C, 0x23_E383, 0x86, 0x63A2, 0x56AA, 0x56BB, 0x22_B59C,
            0x22_B59D, 0x55EE, 0xE0, 0xE1, 0x6D80,
        ],
        0xE0: [
            0x9A, 0x9D, 0x53B8, 0x53C0, 0xB0, 0xBA, 0x54AA, 0x54BB, 0x54CC, 0x54DD, 0x54B0, 0x54BA, 0x54B2, 0x55B0,
            0x7670,
        ],
        0x55B0: Set((0x55B1...0x55BD).map { UInt32($0) } + [0x55D0]),
        0x55D0: Set((0x55D1...0x55DA).map { UInt32($0) }),
        0x7670: [0x7671, 0x7672, 0x7673, 0x7674, 0x7675],
        0xE1: [0xB5, 0x78B5, 0x9F, 0x6264, 0x52F1],
        0x6D80: [0x6240], 0x6240: [0x5031, 0x5032, 0x5033, 0x5034], 0x5034: [0x4254, 0x4255],
        0x1C53_BB6B: [0xBB], 0xBB: [0xB3, 0xB7], 0xB7: [0xF7, 0xF1, 0xF0, 0xB2, 0x5378, 0xEA, 0xDB], 0xDB: [0x96],
        0x1F43_B675: [0xE7, 0xA7, 0xAB, 0xA3, 0xA0],
        0xA0: [0xA1, 0x75A1, 0x9B, 0xFA, 0xFB, 0x75A2], 0x75A1: [0xA6], 0xA6: [0xEE, 0xA5],
    ]

    mutating func walk() {
        walk(parent: 0, from: 0, to: bytes.count)
    }

    private mutating func walk(parent: UInt32, from start: Int, to end: Int) {
        var offset = start
        var inUnknownCluster = false
        while offset < end {
            guard case .element(let element) = EBMLReader.header(ByteWindow(bytes), at: offset, end: end) else {
                // After the Segment, only zeros.
                if parent == 0, bytes[offset...].allSatisfy({ $0 == 0 }) { return }
                problems.append("no element at \(offset) in 0x\(hex(parent))")
                return
            }
            let id = element.id
            // A live stream's Cluster of unknown size holds what follows it, up to a top-level element.
            let level: UInt32 =
                inUnknownCluster && !Self.allowed[0x1853_8067, default: []].contains(id) ? 0x1F43_B675 : parent
            if level == parent { inUnknownCluster = false }
            let elementEnd = element.end ?? end
            if id == 0xEC {
                if !bytes[element.dataStart..<elementEnd].allSatisfy({ $0 == 0 }) {
                    problems.append("a Void at \(offset) holds data")
                }
            } else if !(Self.allowed[level]?.contains(id) ?? false) {
                problems.append("0x\(hex(id)) at \(offset) in 0x\(hex(level))")
            } else {
                check(element, id: id)
                if element.end == nil, id == 0x1F43_B675 {
                    inUnknownCluster = true
                    offset = element.dataStart
                    continue
                }
                if Self.allowed[id] != nil { walk(parent: id, from: element.dataStart, to: elementEnd) }
            }
            offset = elementEnd
        }
    }

    private mutating func check(_ element: EBMLReader.Element, id: UInt32) {
        let file = ByteWindow(bytes)
        switch id {
        case 0xAE:
            let fields = EBMLReader.children(file, of: element) ?? []
            let type = fields.first { $0.id == 0x83 }.flatMap { EBMLReader.unsigned(file, $0) }
            let number = fields.first { $0.id == 0xD7 }.flatMap { EBMLReader.unsigned(file, $0) }
            trackTypes.append(type ?? 0)
            if let number { trackNumbers.insert(number) }
            if ![1, 2].contains(type) { problems.append("a track of type \(type ?? 0) at \(element.start)") }
        case 0xA3, 0xA1:
            blocks += 1
            if !trackNumbers.contains(track(at: element.dataStart)) {
                problems.append("a block of no kept track at \(element.start)")
            }
        default:
            break
        }
    }

    /// A block's track number, the variable-length integer its data starts with (0 if none).
    private func track(at offset: Int) -> UInt64 {
        guard offset < bytes.count, bytes[offset] != 0 else { return 0 }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard offset + length <= bytes.count else { return 0 }
        let raw = bytes[offset..<offset + length].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return raw & (1 << (7 * UInt64(length)) - 1)
    }

    private func hex(_ id: UInt32) -> String { String(id, radix: 16, uppercase: true) }
}
