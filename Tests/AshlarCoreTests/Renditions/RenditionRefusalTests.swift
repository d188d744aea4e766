import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// A photo the decoder refuses is remembered in the cache by its digest (`refusals.tsv`), so the
/// next build leaves it out again without decoding it; the file is untrusted input like the rest
/// of the cache, and a fixed photo is decoded again.
struct RenditionRefusalTests {
    /// A PNG whose header scan passes but whose image data's CRC is wrong: the decoder refuses it.
    static func refusedPNG() -> [UInt8] {
        let pixels = PixelImage(
            width: 400, height: 300, format: .rgb, pixels: [UInt8](repeating: 90, count: 400 * 300 * 3))
        var file = PNGEncoder.encode(pixels)
        let idat = Array("IDAT".utf8)
        let start = (0...(file.count - 4)).first { file[$0..<$0 + 4].elementsEqual(idat) } ?? 0
        let length = file[start - 4..<start].reduce(0) { $0 << 8 | Int($1) }
        file[start + 4 + length] ^= 0xFF
        return file
    }

    @Test func aRefusedPhotoIsNotDecodedAgainUntilItChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-refusals-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let photo = source.appendingPathComponent("broken.png")
        try Data(Self.refusedPNG()).write(to: photo)
        var builder = SiteBuilder(
            paths: SitePaths(source: source, output: source.appendingPathComponent("_site"), displaySource: "site"))
        let cache = folder.appendingPathComponent("cache")
        builder.options.cacheDirectory = cache
        let refusals = cache.appendingPathComponent("refusals.tsv")

        let first = try builder.build()
        let refusal = try #require(first.diagnostics.first { $0.severity == .error })
        #expect(refusal.message.hasSuffix("; the photo is left out"), "\(refusal)")
        let line = try String(contentsOf: refusals, encoding: .utf8)
        let fields = line.split(separator: "\t")
        try #require(fields.count == 3, "\(line)")

        // What the next build says comes from the cache: the photo is not decoded again.
        // Signed as this machine signs the cache's lists (an unsigned one is not used).
        let remembered = "\(fields[0])\t\(fields[1])\tPNG: remembered refusal; the photo is left out\n"
        let signer = RenditionCache(root: cache.path, localKey: RenditionCache.localKey())
        try Data(signer.signedList(Array(remembered.utf8), name: "refusals.tsv")).write(to: refusals)
        let second = try builder.build()
        #expect(second.diagnostics.contains { $0.message == "PNG: remembered refusal; the photo is left out" })
        #expect(second.photoCount == 0)

        // A line that is not what Ashlar writes (a control character, another decoder version, a
        // digest that is not one) is passed over: the photo is decoded, and refused, again.
        for forged in [
            "\(fields[0])\t\(fields[1])\tforged\u{1B}[2J\n", "99\t\(fields[1])\tforged\n", "\(fields[0])\tzz\tforged\n",
        ] {
            try forged.write(to: refusals, atomically: true, encoding: .utf8)
            let again = try builder.build()
            #expect(again.diagnostics.contains { $0.message == refusal.message }, "\(forged)")
            #expect(!again.diagnostics.contains { $0.message.contains("forged") })
        }

        // Fixed (a size of its own, so that no file system's timestamps can hide the change), the
        // photo is published and its line goes.
        let pixels = PixelImage(
            width: 401, height: 300, format: .rgb, pixels: [UInt8](repeating: 90, count: 401 * 300 * 3))
        try Data(PNGEncoder.encode(pixels)).write(to: photo)
        let fixed = try builder.build()
        #expect(fixed.errorCount == 0, "\(fixed.diagnostics)")
        #expect(fixed.photoCount == 1)
        #expect(try String(contentsOf: refusals, encoding: .utf8).isEmpty)
    }
}
