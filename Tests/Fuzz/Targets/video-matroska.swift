@testable import AshlarCore
@testable import AshlarImage

/// A WebM or Matroska file's published copy (`MatroskaPublishedCopy`): the patches lie inside
/// the file and do not overlap; the patched copy reads again with the same track and no
/// location, every patch its reading asks for is already in place (`StreamedCopy.check`), and
/// its element tree, walked in memory, holds only what `MatroskaAllowlist` keeps, zeroed `Void`s
/// and blocks of kept tracks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard VideoReader.format(ofPrefix: Array(bytes.prefix(16))) == .webM else { return -1 }
    guard let facts = readVideoInMemory(bytes) else { return 0 }
    let copy = checkedPublishedCopy(of: bytes, facts).copy
    checkTree(copy, parent: 0, from: 0, to: copy.count, depth: 0)
    return 0
}

/// Every element kept in `parent` is on the list; a `Void` is zeros; only zeros follow the
/// `Segment`. What follows a `Cluster` of unknown size, up to an element of the `Segment`, is
/// checked as its children.
private func checkTree(_ bytes: [UInt8], parent: UInt32, from start: Int, to end: Int, depth: Int) {
    let segment: UInt32 = 0x1853_8067
    let cluster: UInt32 = 0x1F43_B675
    var offset = start
    var inUnknownCluster = false
    while offset < end {
        guard case .element(let element) = EBMLReader.header(ByteWindow(bytes), at: offset, end: end) else {
            require(parent == 0 && bytes[offset...].allSatisfy { $0 == 0 }, "no element at \(offset)")
            return
        }
        let segmentLevel = MatroskaAllowlist.children[segment, default: []].contains(element.id)
        if segmentLevel { inUnknownCluster = false }
        let level = inUnknownCluster ? cluster : parent
        let allowed = level == 0 ? [0x1A45_DFA3, segment] : MatroskaAllowlist.children[level] ?? []
        let elementEnd = element.end ?? end
        if element.id == 0xEC {
            require(bytes[element.dataStart..<elementEnd].allSatisfy { $0 == 0 }, "a Void holds data at \(offset)")
        } else {
            require(allowed.contains(element.id), "element \(element.id) kept in \(level) at \(offset)")
            if element.end == nil, element.id == cluster {
                inUnknownCluster = true
                offset = element.dataStart
                continue
            }
            if MatroskaAllowlist.children[element.id] != nil, depth < 16 {
                checkTree(bytes, parent: element.id, from: element.dataStart, to: elementEnd, depth: depth + 1)
            }
        }
        offset = elementEnd
    }
}
