import AshlarImage
import Foundation

@testable import AshlarCore

/// The rendition cache, which CI restores from a shared store and so can hold anything. The first
/// byte picks what the rest is:
/// - 0: a set's list for the widths 317, 634 and 968: `RenditionCache.setList` never traps, keeps
///   only lines within its bounds, and what it keeps writes back to a list that reads the same;
/// - 1: a file name in shard `ab`: `RenditionCache.key(ofName:)` claims only names Ashlar writes;
/// - 2: a cache file about to be published: `CachedFile.mismatch` never traps, and passes only an
///   image of the recorded size that records no location;
/// - 3: a list written into a cache folder whose files are links or plain files (the next byte's
///   bits): `RenditionCache.set` never calls a set with a link in it complete;
/// - 4: a `refusals.tsv`: only hex digests and printable messages are kept, and they write back
///   to a list that reads the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(data, count)
    guard let mode = input.first else { return 0 }
    let bytes = Array(input.dropFirst())
    let widths = [317, 634, 968]
    switch mode % 5 {
    case 0:
        guard let list = RenditionCache.setList(bytes, widths: widths) else { return 0 }
        require(Set(list.entries.map(\.width)) == Set(widths), "a list without every width was kept")
        require(
            (0...3).contains(list.placeholder?.colours.count ?? 0), "colours \(String(describing: list.placeholder))")
        for entry in list.entries {
            require((1...RenditionCache.maximumDimension).contains(entry.height), "height \(entry.height)")
            require((1...RenditionCache.maximumFileSize).contains(entry.size), "size \(entry.size)")
            require(entry.format.canEncode, "format \(entry.format)")
        }
        let text = RenditionCache.listText(list.entries, placeholder: list.placeholder)
        require(
            RenditionCache.setList(Array(text.utf8), widths: widths) == list,
            "a list does not survive writing and reading back")
    case 1:
        let name = String(decoding: bytes, as: UTF8.self)
        for kind in ["renditions", "originals"] {
            guard let key = RenditionCache.key(ofName: name, kind: kind, shard: "ab") else { continue }
            require(
                name.hasPrefix(key) && [32, 64].contains(key.utf8.count) && key.hasPrefix("ab"),
                "key '\(key)' of '\(name)'")
            require(key.utf8.allSatisfy(RenditionCache.isLowerHex), "key '\(key)' is not lowercase hex")
            require(!name.contains("/") && !name.contains("\0"), "name '\(name)' claimed")
        }
    case 2:
        let expected = CachedFile.Expected.rendition(
            size: bytes.count, digest: SourceDigest.of(bytes: bytes), width: 8, height: 8)
        let file = CachedFile(
            outputPath: "a@8w.jpg", cachePath: "renditions/ab/x-8.jpg", content: .rendition(key: "x", width: 8),
            expected: expected)
        if file.mismatch(bytes) == nil {
            require(LocationRecord.find(in: bytes).isEmpty, "an image recording a location passed")
            require((try? JPEGDecoder.info(bytes)).map { ($0.width, $0.height) == (8, 8) } ?? false, "not an 8×8 JPEG")
        }
        let original = CachedFile(
            outputPath: "a.png", cachePath: "originals/ab/x.png", content: .original(key: "x"),
            expected: .original(.png))
        if original.mismatch(bytes) == nil {
            require(LocationRecord.find(in: bytes).isEmpty, "an original recording a location passed")
            require(
                (try? PublishedCopy.make(bytes, format: .png)) == bytes, "an original with unlisted metadata passed")
        }
    case 4:
        let refusals = RenditionCache.refusals(inList: bytes)
        for (digest, message) in refusals {
            require(RenditionCache.isDigest(digest[...]), "digest '\(digest)'")
            require(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "message '\(message)'")
        }
        require(
            RenditionCache.refusals(inList: RenditionCache.list(of: refusals)) == refusals,
            "refusals do not survive writing and reading back")
    default:
        checkLinks(bytes, widths: widths)
    }
    return 0
}

/// Writes a list and its files (links or plain files as the first byte's bits say) into a cache
/// folder, and reads the set back.
private func checkLinks(_ bytes: [UInt8], widths: [Int]) {
    guard let pattern = bytes.first else { return }
    let root = NSTemporaryDirectory() + "ashlar-fuzz-cache-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: root) }
    try? FileManager.default.removeItem(atPath: root)
    let cache = RenditionCache(root: root)
    guard cache.open(creating: true) == nil else { return }
    let key = "ab" + String(repeating: "0", count: 30)
    var list = ""
    var links = false
    for (index, width) in widths.enumerated() {
        let content = [UInt8](repeating: UInt8(index), count: 16)
        let file = root + "/" + cache.renditionFile(key: key, width: width, format: .jpeg)
        try? FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if pattern & (1 << index) != 0 {
            links = true
            try? FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/etc/hostname")
        } else {
            _ = FileManager.default.createFile(atPath: file, contents: Data(content))
        }
        list += "\(width) \(width) jpg 16 \(SourceDigest.of(bytes: content))\n"
    }
    let written = bytes.count > 1 && pattern & 0x80 != 0 ? Array(bytes.dropFirst()) : Array(list.utf8)
    _ = FileManager.default.createFile(atPath: root + "/" + cache.setFile(key: key), contents: Data(written))
    if case .complete = cache.set(key: key, widths: widths) {
        require(!links, "a set with a link in it was called complete")
    }
}
