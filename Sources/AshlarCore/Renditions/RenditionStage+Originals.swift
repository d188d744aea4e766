import AshlarImage

extension RenditionStage {
    /// The original without its location data (EXIF GPS and XMP location removed losslessly,
    /// the pixels' bytes untouched), from the cache or made now.
    /// Nil, with a diagnostic where something failed, when it is not published: the page then
    /// has no link to it.
    func publishOriginal(
        source: String, bytes: [UInt8]?, digest: String, at output: String, outcome: inout Outcome
    ) -> CachedFile? {
        guard let format = ImageFormat(fileExtension: PhotoFiles.fileExtension(of: source)), format.canEncode else {
            return nil
        }
        let shown = paths.display(source)
        let cachePath = cache.originalFile(
            key: RenditionKey(sourceDigest: digest, product: .original(format)).value, format: format)
        outcome.used.append(cachePath)
        if cache.holds(cachePath) {
            outcome.reused += 1
        } else {
            guard let data = bytes ?? readSource(paths.sourceFile(source), shown: shown, into: &outcome) else {
                return nil
            }
            do throws(ImageError) {
                let stripped: [UInt8]
                switch format {
                case .jpeg: stripped = try JPEGMetadata.rewrite(data, keeping: .everythingButLocation)
                case .png: stripped = try PNGMetadata.removingLocation(data)
                case .gif, .webp, .avif: return nil
                }
                if let failure = cache.write(cachePath, stripped) {
                    outcome.diagnostics.append(
                        .error(
                            "cannot write to the rendition cache: \(failure.message)", path: cache.display(cachePath)))
                    return nil
                }
                outcome.made += 1
            } catch {
                outcome.diagnostics.append(
                    .warning("the original is not published: \(error.description)", path: shown))
                return nil
            }
        }
        return CachedFile(outputPath: output, cachePath: cachePath, entry: "o:" + digest, expected: .original(format))
    }
}
