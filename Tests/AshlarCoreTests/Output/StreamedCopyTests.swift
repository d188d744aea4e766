import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

/// A video's published copy: the source copied a piece at a time, its location patched out, and
/// checked before it is published, because the source may have changed since it was read.
@Suite struct StreamedCopyTests {
    /// Copies `source` (bytes written to a temporary file) with `patches` into another temporary
    /// file; what `StreamedCopy.copy` says, and the copy's bytes.
    static func copy(_ source: [UInt8], patches: [VideoPatch]) throws -> (problem: String?, copy: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-streamed-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.mp4")
        let output = folder.appendingPathComponent("out.mp4")
        try Data(source).write(to: input)
        let descriptor = open(output.path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        let problem = StreamedCopy.copy(input.path, patches: patches, to: descriptor)
        close(descriptor)
        return (problem, [UInt8](try Data(contentsOf: output)))
    }

    @Test(arguments: ["iphone.mov", "iphone.mp4", "android.mp4", "vp9.webm"])
    func aPatchedCopyIsPublishedWithNoLocation(_ name: String) throws {
        let source = try VideoFixture.bytes(name)
        let patches = try VideoFixture.facts(source).patches
        #expect(!patches.isEmpty, "\(name) records a location")
        let (problem, copy) = try Self.copy(source, patches: patches)
        #expect(problem == nil, "\(problem ?? "")")
        #expect(copy.count == source.count)
        #expect(try VideoFixture.facts(copy).patches.allSatisfy { VideoFixture.isInPlace($0, in: copy) })
    }

    /// An MP4 that records no location, copied without its allowlist's patches: refused, since
    /// it holds what a published video leaves out (its `free` box's header, its media data's gaps).
    @Test func anMP4CopiedAsItIsIsRefused() throws {
        let source = try VideoFixture.bytes("hevc.mp4")
        #expect(!(try VideoFixture.facts(source).recordsLocation))
        let (problem, _) = try Self.copy(source, patches: [])
        #expect(problem?.contains("holds what a published video leaves out") == true, "\(problem ?? "nil")")
    }

    /// The source gained a location after the catalog read it (no patches then): the copy is
    /// refused, not published.
    @Test(arguments: ["iphone.mp4", "vp9.webm"])
    func aSourceThatNowRecordsALocationIsRefused(_ name: String) throws {
        let (problem, _) = try Self.copy(try VideoFixture.bytes(name), patches: [])
        #expect(problem?.contains("still records a location") == true, "\(problem ?? "nil")")
    }

    @Test func aSourceThatNoLongerReadsAsAVideoIsRefused() throws {
        let truncated = Array(try VideoFixture.bytes("vp8.webm").prefix(200))
        let (problem, _) = try Self.copy(truncated, patches: [])
        #expect(problem?.contains("no longer reads as a video") == true, "\(problem ?? "nil")")
    }

    /// A video that holds only what the allowlist keeps (a published copy of one) needs no patch.
    @Test func aVideoHoldingOnlyWhatTheAllowlistKeepsIsCopiedAsItIs() throws {
        let original = try VideoFixture.bytes("vp8.webm")
        let source = VideoFixture.patched(original, try VideoFixture.facts(original).patches)
        #expect(try VideoFixture.facts(source).patches.allSatisfy { VideoFixture.isInPlace($0, in: source) })
        let (problem, copy) = try Self.copy(source, patches: [])
        #expect(problem == nil && copy == source, "\(problem ?? "")")
    }
}
