@testable import AshlarImage

/// `PublishedCopy.make` for the formats it copies without a decoder (GIF, WebP): a file it
/// accepts comes back in the same format, walks again, keeps only the blocks or chunks on its
/// allowlist, and copying the copy changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    for format in [ImageFormat.gif, .webp] {
        guard let output = try? PublishedCopy.make(bytes, format: format) else { continue }
        require(ImageFormat.detect(output) == format, "\(format.name) copy is not \(format.name)")
        switch format {
        case .gif:
            guard let walk = try? GIFBlocks(output) else {
                require(false, "GIF copy does not walk")
                return 0
            }
            for block in walk.blocks {
                if case .extension(let label, let identifier) = block.kind {
                    let kept =
                        label == 0xF9 || label == 0x01
                        || (label == 0xFF && PublishedCopy.keptGIFApplications.contains(identifier))
                    require(kept, "GIF copy keeps extension \(label)")
                }
            }
        default:
            guard let riff = try? RIFFChunks(output) else {
                require(false, "WebP copy does not walk")
                return 0
            }
            require(
                riff.chunks.allSatisfy { PublishedCopy.keptWebPChunks.contains($0.code) }, "WebP copy keeps a chunk")
        }
        require((try? PublishedCopy.make(output, format: format)) == output, "\(format.name) copy is not idempotent")
    }
    return 0
}
