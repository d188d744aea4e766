import AshlarImage

/// How one photo's renditions are published: each file's name in the site beside the cache file
/// that holds it, the photo's `srcset` candidates, and the preview sharing uses. A value the
/// stage returns (``PublishedImage/renditions(_:)``); ``ShownImage`` shows it.
package struct PublishedRenditions: Sendable, Equatable {
    /// Every rendition, narrowest first, as `srcset` lists it.
    package var renditions: [PhotoRendition]
    /// The widest rendition's width.
    package var largestWidth: Int
    /// The files to copy from the cache into the site, the sharing preview (the rendition
    /// nearest 1,200 px wide) and the published original (``ShownImage/generated``).
    package var generated: GeneratedImages
    /// The photo's colours, shown while it loads (from the set's list).
    package var placeholder: ColourPlaceholder?

    package init(
        renditions: [PhotoRendition], largestWidth: Int, generated: GeneratedImages,
        placeholder: ColourPlaceholder? = nil
    ) {
        self.renditions = renditions
        self.largestWidth = largestWidth
        self.generated = generated
        self.placeholder = placeholder
    }

    /// Names the renditions of one set: `STEM@WIDTHw.TAG.EXT` beside the photo's page, where
    /// `TAG` is the start of the cache key, so a name changes with the content and can be served
    /// with long cache lifetimes. Nil for an empty set.
    init?(
        entries: [RenditionCache.Entry], key: String, photoName: String, albumOutput: String, cache: RenditionCache
    ) {
        let entries = entries.sorted { $0.width < $1.width }
        guard let largest = entries.last else { return nil }
        let stem = PhotoFiles.baseName(of: photoName)
        let tag = String(key.prefix(10))
        var files: [CachedFile] = []
        var renditions: [PhotoRendition] = []
        var sharing: (image: ImageLocation, width: Int, height: Int)?
        // For sharing previews: the rendition nearest 1,200 px wide (the narrower on a tie).
        let sharingWidth = entries.min { abs($0.width - 1200) < abs($1.width - 1200) }?.width
        for entry in entries {
            let name = "\(stem)@\(entry.width)w.\(tag).\(entry.format.fileExtension)"
            let output = albumOutput.isEmpty ? name : albumOutput + "/" + name
            let cachePath = cache.renditionFile(key: key, width: entry.width, format: entry.format)
            let expected = CachedFile.Expected.rendition(
                size: entry.size, digest: entry.digest, width: entry.width, height: entry.height)
            files.append(
                CachedFile(
                    outputPath: output, cachePath: cachePath, content: .rendition(key: key, width: entry.width),
                    expected: expected)
            )
            renditions.append(PhotoRendition(image: .output(output), sourcePath: nil, width: entry.width))
            if sharing == nil, entry.width == sharingWidth { sharing = (.output(output), entry.width, entry.height) }
        }
        self.renditions = renditions
        self.largestWidth = largest.width
        generated = GeneratedImages(files: files)
        generated.sharing = sharing
    }
}
