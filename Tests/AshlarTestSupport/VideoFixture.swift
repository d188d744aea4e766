import AshlarImage
import Foundation

/// The videos `Fixtures/Video/make-videos.sh` made, read from disk.
package enum VideoFixture {
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AshlarImageTests/Fixtures/Video")

    package static let names = [
        "iphone.mov", "iphone.mp4", "rotated.mp4", "android.mp4", "hevc.mp4", "vp9.webm", "vp8.webm", "live.webm",
    ]

    /// The MP4s `make-mp4-leaks.sh` made: each records a location, serial number or owner where
    /// a denylist misses it.
    package static let leaks = [
        "leak-keys.mp4", "leak-rtmd.mp4", "leak-tx3g.mp4", "leak-uuid.mp4", "leak-covr.mp4", "leak-gopro.mp4",
    ]

    /// Every MP4 and QuickTime fixture.
    package static var isoNames: [String] { names.filter { !$0.hasSuffix(".webm") } + leaks }

    package static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Reads `bytes` as a file, through the reader's `read` callback, counting what it reads.
    package static func facts(_ bytes: [UInt8], bytesRead: inout Int) throws(VideoReadError) -> VideoFacts {
        var total = 0
        defer { bytesRead = total }
        return try VideoReader.read(fileSize: bytes.count) { offset, count throws(VideoReadError) in
            guard offset >= 0, count >= 0, offset <= bytes.count else { throw VideoReadError("read outside the file") }
            total += min(count, bytes.count - offset)
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    package static func facts(_ bytes: [UInt8]) throws(VideoReadError) -> VideoFacts {
        var ignored = 0
        return try facts(bytes, bytesRead: &ignored)
    }

    /// The top-level boxes of an MP4 or QuickTime file, as the shared box reader walks them.
    package static func topLevelBoxes(_ bytes: [UInt8]) -> [ISOBoxReader.Box] {
        let whole = ISOBoxReader.Box(type: "", start: 0, payloadStart: 0, end: bytes.count)
        return ISOBoxReader.children(ByteWindow(bytes), of: whole) ?? []
    }

    /// The file's `moov` box, whole.
    package static func movieBox(of bytes: [UInt8]) throws -> [UInt8] {
        guard let moov = topLevelBoxes(bytes).first(where: { $0.type == "moov" }) else {
            throw VideoReadError("no moov")
        }
        return Array(bytes[moov.start..<moov.end])
    }

    /// Whether `copy` already holds what `patch` writes.
    package static func isInPlace(_ patch: VideoPatch, in copy: [UInt8]) -> Bool {
        let written = patch.bytes + [UInt8](repeating: 0, count: patch.zeros)
        return patch.offset >= 0 && patch.offset <= copy.count - written.count
            && copy[patch.offset..<patch.offset + written.count].elementsEqual(written)
    }

    /// `bytes` with `patches` written over them.
    package static func patched(_ bytes: [UInt8], _ patches: [VideoPatch]) -> [UInt8] {
        var copy = bytes
        for patch in patches where patch.offset >= 0 && patch.offset + patch.length <= copy.count {
            copy.replaceSubrange(
                patch.offset..<patch.offset + patch.length,
                with: patch.bytes + [UInt8](repeating: 0, count: patch.zeros))
        }
        return copy
    }
}
