@testable import AshlarCore
@testable import AshlarImage

/// The published copy of an MP4 or QuickTime file (``ISOAllowlist``): the patches lie inside the
/// file and apart; the patched copy reads again with the same facts, records no
/// location, is the fixed point of its reading (every patch it asks for already in place, as
/// `StreamedCopy.check` asks), and its box tree holds only allowlisted boxes (a `free` box with
/// a zero body aside) in video and sound tracks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard let format = VideoReader.format(ofPrefix: Array(bytes.prefix(16))), format != .webM else { return -1 }
    guard let facts = readVideoInMemory(bytes) else { return 0 }
    let copy = checkedPublishedCopy(of: bytes, facts).copy
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
