import AshlarImage

/// A file of the site that is a copy of a file in the rendition cache, and what that file must
/// be before it is published (the cache is untrusted input).
package struct CachedFile: Sendable, Equatable {
    /// Output-relative.
    package var outputPath: String
    /// Relative to the rendition cache's folder.
    package var cachePath: String
    /// Names the content: the same entry, the same bytes (the build manifest keeps it).
    package var content: Content
    package var expected: Expected

    /// Which file of the cache this is, by the key that names its content.
    package enum Content: Sendable, Hashable {
        /// The rendition `width` pixels wide of the set `key` (a ``RenditionKey`` value).
        case rendition(key: String, width: Int)
        /// The published copy of a photo's own file, by its ``RenditionKey`` value.
        case original(key: String)
    }

    /// What a cache file must be to be published.
    package enum Expected: Sendable, Equatable {
        /// A rendition: the length, digest and pixel size its set records.
        case rendition(size: Int, digest: String, width: Int, height: Int)
        /// A published copy of the photo's own file, in its format (``PublishedCopy``).
        case original(ImageFormat)
    }

    package init(outputPath: String, cachePath: String, content: Content, expected: Expected) {
        self.outputPath = outputPath
        self.cachePath = cachePath
        self.content = content
        self.expected = expected
    }

    /// Why `bytes` must not be published as this file; nil when they are what is expected: an
    /// image of the format its name says, recording no location in any form `LocationRecord`
    /// knows, and either a rendition of the recorded length, digest and size made only of what
    /// Ashlar's encoders write (`Renditions.deviation`: their segments or chunks, camera facts
    /// alone in its EXIF, a whole ICC profile), or a published copy that ``PublishedCopy`` would
    /// leave as it is (so it holds nothing its allowlist leaves out). The stage checks a set more
    /// closely before reusing it (`RenditionStage.reuseProblem`); this is the check of the bytes
    /// as they are published.
    func mismatch(_ bytes: [UInt8]) -> String? {
        let format: ImageFormat
        let expectedSize: (width: Int, height: Int)
        switch expected {
        case .rendition(let size, let digest, let width, let height):
            expectedSize = (width, height)
            guard bytes.count == size else { return "it has \(bytes.count) bytes, its set says \(size)" }
            guard SourceDigest.of(bytes: bytes) == digest else { return "its digest is not the one its set records" }
            guard let named = ImageFormat(fileExtension: PhotoFiles.fileExtension(of: cachePath)) else {
                return "its name has no image extension"
            }
            format = named
        case .original(let named):
            guard ImageFormat.detect(bytes) == named else { return "it is not a \(named.name) image" }
            guard (try? PublishedCopy.make(bytes, format: named)) == bytes else {
                return "it holds metadata a published copy leaves out, or cannot be read"
            }
            if !LocationRecord.find(in: bytes).isEmpty { return "it records a location" }
            return nil
        }
        guard ImageFormat.detect(bytes) == format else { return "it is not a \(format.name) image" }
        let size: (width: Int, height: Int)
        do throws(ImageError) {
            switch format {
            case .jpeg:
                let info = try JPEGDecoder.info(bytes)
                size = (info.width, info.height)
            case .png:
                let info = try PNGDecoder.info(bytes)
                size = (info.width, info.height)
            case .gif, .webp, .avif, .heic:
                return "Ashlar does not write \(format.name) files"
            }
        } catch {
            return error.description
        }
        if size != expectedSize {
            return
                "it is \(size.width)×\(size.height) pixels, its set says \(expectedSize.width)×\(expectedSize.height)"
        }
        if let deviation = Renditions.deviation(of: bytes, format: format, metadata: .anyAshlarWrites) {
            return deviation
        }
        if !LocationRecord.find(in: bytes).isEmpty { return "it records a location" }
        return nil
    }
}
