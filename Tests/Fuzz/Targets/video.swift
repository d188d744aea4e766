@testable import AshlarCore
@testable import AshlarImage

/// `VideoReader.read` on a whole file in memory (MP4, QuickTime, WebM): every read lies inside
/// the file; what it reports is in range; the patches lie inside the file, do not overlap, and
/// leave a copy that reads again with the same track, no location, and every patch its reading
/// asks for already in place (the allowlist's fixed point: `StreamedCopy.check`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard VideoReader.format(ofPrefix: Array(bytes.prefix(16))) != nil else { return -1 }
    guard let facts = readVideoInMemory(bytes) else { return 0 }
    require(facts.width > 0 && facts.height > 0, "size \(facts.width)×\(facts.height)")
    require([0, 90, 180, 270].contains(facts.rotation), "rotation \(facts.rotation)")
    if let duration = facts.duration { require(duration.isFinite && duration >= 0, "duration \(duration)") }
    require(facts.mimeType == facts.format.mimeType, "media type \(facts.mimeType)")
    _ = checkedPublishedCopy(of: bytes, facts)
    return 0
}
