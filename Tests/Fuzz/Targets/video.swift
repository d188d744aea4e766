@testable import AshlarCore

/// `VideoReader.read` on a whole file in memory (MP4, QuickTime, WebM): every read lies inside
/// the file; what it reports is in range; the patches lie inside the file, do not overlap, and
/// leave a copy that reads again with the same track, no location, and every patch its reading
/// asks for already in place (the allowlist's fixed point: `StreamedCopy.check`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard VideoReader.format(ofPrefix: Array(bytes.prefix(16))) != nil else { return -1 }
    guard let facts = readVideo(bytes) else { return 0 }
    require(facts.width > 0 && facts.height > 0, "size \(facts.width)×\(facts.height)")
    require([0, 90, 180, 270].contains(facts.rotation), "rotation \(facts.rotation)")
    if let duration = facts.duration { require(duration.isFinite && duration >= 0, "duration \(duration)") }
    require(facts.mimeType == facts.format.mimeType, "media type \(facts.mimeType)")
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
    guard let again = readVideo(copy) else {
        require(false, "the patched copy does not read")
        return 0
    }
    for patch in again.patches {
        let written = patch.bytes + [UInt8](repeating: 0, count: patch.zeros)
        require(
            patch.offset >= 0 && patch.offset <= copy.count - written.count
                && copy[patch.offset..<patch.offset + written.count].elementsEqual(written),
            "the patched copy is not what its allowlist keeps: a patch at \(patch.offset) is not in place")
    }
    require(!again.recordsLocation, "the patched copy still records a location")
    require(
        again.width == facts.width && again.height == facts.height && again.rotation == facts.rotation
            && again.codec == facts.codec && again.format == facts.format,
        "the patched copy reads differently")
    return 0
}

private func readVideo(_ bytes: [UInt8]) -> VideoFacts? {
    try? VideoReader.read(fileSize: bytes.count) { offset, count throws(VideoReadError) in
        require(offset >= 0 && count >= 0 && offset <= bytes.count - count, "read of \(count) at \(offset)")
        return Array(bytes[offset..<offset + count])
    }
}
