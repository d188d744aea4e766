@testable import AshlarCore
@testable import AshlarImage

/// `VideoReader.read` on a whole file in memory; every read it asks for must lie inside it.
func readVideoInMemory(_ bytes: [UInt8]) -> VideoFacts? {
    try? VideoReader.read(fileSize: bytes.count) { offset, count throws(VideoReadError) in
        require(offset >= 0 && count >= 0 && offset <= bytes.count - count, "read of \(count) at \(offset)")
        return Array(bytes[offset..<offset + count])
    }
}

/// The published copy of `bytes` as `StreamedCopy` makes it from `facts.patches` (which must lie
/// inside the file and not overlap), and its reading, which must record no location, read as
/// the same video, and be the allowlist's fixed point: every patch it asks for already in place,
/// as `StreamedCopy.check` asks.
func checkedPublishedCopy(of bytes: [UInt8], _ facts: VideoFacts) -> (copy: [UInt8], again: VideoFacts) {
    var copy = bytes
    var end = 0
    for patch in facts.patches.sorted(by: { $0.offset < $1.offset }) {
        require(patch.offset >= end, "patches overlap at \(patch.offset)")
        require(
            patch.length >= 1 && patch.zeros >= 0 && patch.offset <= bytes.count - patch.length, "patch past the end")
        copy.replaceSubrange(
            patch.offset..<patch.offset + patch.length, with: patch.bytes + [UInt8](repeating: 0, count: patch.zeros))
        end = patch.offset + patch.length
    }
    guard let again = readVideoInMemory(copy) else {
        require(false, "the patched copy does not read")
        return (copy, facts)
    }
    for patch in again.patches {
        let written = patch.bytes + [UInt8](repeating: 0, count: patch.zeros)
        require(
            patch.offset >= 0 && patch.offset <= copy.count - written.count
                && copy[patch.offset..<patch.offset + written.count].elementsEqual(written),
            "the patched copy is not a fixed point: a patch at \(patch.offset) is not in place")
    }
    require(!again.recordsLocation, "the patched copy still records a location")
    require(
        again.width == facts.width && again.height == facts.height && again.rotation == facts.rotation
            && again.codec == facts.codec && again.format == facts.format && again.duration == facts.duration,
        "the patched copy reads differently")
    return (copy, again)
}
