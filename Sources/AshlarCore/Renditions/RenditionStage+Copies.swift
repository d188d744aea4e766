import AshlarImage

extension RenditionStage {
    /// Why a copy of a photo's own file is published.
    enum CopyPurpose {
        /// `"originals": "publish"`: beside the renditions, for download. When it cannot be made
        /// the page goes without the link, with a warning.
        case original
        /// In place of renditions (too small, damaged, a GIF or WebP, or not made yet under
        /// `serve`). When it cannot be made the photo is left out, with an error: it is never
        /// published as it is.
        case insteadOfRenditions
    }

    /// A published copy of the photo's own file (``PublishedCopy``: the image data byte for
    /// byte, metadata from an allowlist), from the cache or made now. Nil, with a diagnostic,
    /// when there is none; for ``CopyPurpose/insteadOfRenditions`` the photo is then refused.
    func publishCopy(
        source: String, bytes: [UInt8]?, digest: String, format named: ImageFormat, at output: String,
        purpose: CopyPurpose, outcome: inout Outcome
    ) -> CachedFile? {
        let shown = paths.display(source)
        func cachePath(_ format: ImageFormat) -> String {
            cache.originalFile(
                key: RenditionKey(sourceDigest: digest, product: .original(format)).value, format: format)
        }
        func fail(_ message: String, path: String, cacheFailure: Bool = false) -> CachedFile? {
            switch purpose {
            case .original:
                outcome.diagnostics.append(
                    cacheFailure
                        ? .error(message, path: path)
                        : .warning("the original is not published: \(message)", path: path))
            case .insteadOfRenditions:
                outcome.refused = true
                outcome.diagnostics.append(.error(message + "; the photo is left out", path: path))
            }
            return nil
        }
        // The bytes say what the file is (a PNG named `.jpg` is copied as a PNG); without them, its
        // name does, and a copy made before from its bytes is found under their format.
        var format = bytes.flatMap(ImageFormat.detect) ?? named
        var path = cachePath(format)
        if cache.holds(path) {
            outcome.reused += 1
        } else {
            guard let data = bytes ?? readSource(paths.sourceFile(source), shown: shown, into: &outcome) else {
                if purpose == .insteadOfRenditions { outcome.refused = true }
                return nil
            }
            format = ImageFormat.detect(data) ?? named
            path = cachePath(format)
            if cache.holds(path) {
                outcome.reused += 1
            } else {
                let copy: [UInt8]
                do throws(ImageError) {
                    copy = try PublishedCopy.make(data, format: format)
                } catch {
                    return fail(Self.copyRefusal(error, format: format), path: shown)
                }
                if let failure = cache.write(path, copy) {
                    return fail(
                        "cannot write to the rendition cache: \(failure.message)", path: cache.display(path),
                        cacheFailure: true)
                }
                outcome.made += 1
            }
        }
        outcome.used.append(path)
        return CachedFile(
            outputPath: output, cachePath: path,
            content: .original(key: RenditionKey(sourceDigest: digest, product: .original(format)).value),
            expected: .original(format))
    }

    /// Why no published copy of a file can be made, naming the setting that publishes such files
    /// as they are for an AVIF and for a HEIC whose copy cannot be made (an AV1-coded one, one
    /// with an essential property the copy cannot carry).
    static func copyRefusal(_ error: ImageError, format: ImageFormat) -> String {
        switch format {
        case .avif:
            return
                "Ashlar cannot remove the metadata (such as where it was taken) of an AVIF file; add \"avif\" to \"publishAsIs\" in ashlar.json to publish AVIF files as they are, location and all"
        case .heic where error.kind == .unsupported:
            return
                "\(error.message), so Ashlar cannot remove its metadata (such as where it was taken); add \"heic\" to \"publishAsIs\" in ashlar.json to publish HEIC files as they are, location and all"
        default:
            return format.describing(error)
        }
    }
}
