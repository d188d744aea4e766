@testable import AshlarCore

/// The published copy of an MP4 or QuickTime file (``ISOAllowlist``): the patches lie inside the
/// file, in order and apart; the patched copy reads again with the same facts, records no
/// location, is the fixed point of its reading (every patch it asks for already in place, as
/// `StreamedCopy.check` asks), and its box tree holds only allowlisted boxes (a `free` box with
/// a zero body aside) in video and sound tracks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard let format = VideoReader.format(ofPrefix: Array(bytes.prefix(16))), format != .webM else { return -1 }
    guard let facts = readVideo(bytes) else { return 0 }
    var copy = bytes
    var end = 0
    for patch in facts.patches {
        require(patch.offset >= end, "patches out of order or overlapping at \(patch.offset)")
        require(patch.length > 0 && patch.offset <= bytes.count - patch.length, "patch past the end")
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
            "the patched copy is not a fixed point: a patch at \(patch.offset) is not in place")
    }
    require(!again.recordsLocation, "the patched copy still records a location")
    require(
        again.width == facts.width && again.height == facts.height && again.rotation == facts.rotation
            && again.codec == facts.codec && again.format == facts.format && again.duration == facts.duration,
        "the patched copy reads differently")
    let file = ByteWindow(copy)
    checkAllowlist(file, ISOBoxReader.Box(type: "", start: 0, payloadStart: 0, end: copy.count), key: "", depth: 0)
    return 0
}

/// Every box of `box` is `free` with a zero body or kept by the allowlist; tracks are video or
/// sound. Sample entries and data references are not descended into (their layout depends on
/// the track), only the containers the allowlist names.
private func checkAllowlist(_ file: ByteWindow, _ box: ISOBoxReader.Box, key: String, depth: Int) {
    guard depth < 16, let children = ISOBoxReader.children(file, of: box) else { return }
    for child in children {
        if child.type == "free" {
            let body = file.slice(child.start + child.headerSize, count: child.end - child.start - child.headerSize)
            require(body?.allSatisfy { $0 == 0 } ?? false, "a 'free' box with a body at \(child.start)")
            continue
        }
        require(ISOAllowlist.keeps(child.type, in: key), "'\(child.type)' in '\(key)' at \(child.start)")
        if child.type == "trak" {
            let handler = ISOBoxReader.children(file, of: child)?.first { $0.type == "mdia" }
                .flatMap { ISOBoxReader.children(file, of: $0)?.first { $0.type == "hdlr" } }
                .flatMap { file.slice($0.payloadStart + 8, count: 4) }.map(PublishedMovie.fourCC)
            require(handler.map(ISOAllowlist.keptHandlers.contains) ?? false, "a '\(handler ?? "")' track")
        }
        if ISOAllowlist.kept[child.type] != nil {
            checkAllowlist(file, child, key: child.type, depth: depth + 1)
        }
    }
}

private func readVideo(_ bytes: [UInt8]) -> VideoFacts? {
    try? VideoReader.read(fileSize: bytes.count) { offset, count throws(VideoReadError) in
        require(offset >= 0 && count >= 0 && offset <= bytes.count - count, "read of \(count) at \(offset)")
        return Array(bytes[offset..<offset + count])
    }
}
