extension CatalogBuilder {
    /// Renditions named by the sidecar's `renditions`, and files named `NAME@800w.EXT` beside the
    /// image; one per width (the sidecar's win), narrowest first.
    func renditions(of job: PhotoJob, metadata: PhotoMetadata, sidecar: String, diagnostics: inout [Diagnostic])
        -> [PhotoRendition]
    {
        var byWidth: [Int: PhotoRendition] = [:]
        for rendition in metadata.renditions ?? [] {
            guard
                let resolved = resolve(
                    src: rendition.src, folder: job.folder, sidecar: sidecar, albumOutput: job.albumOutput,
                    key: "renditions", diagnostics: &diagnostics)
            else { continue }
            let sourcePath = resolved.0
            var image = resolved.1
            if sourcePath != nil, settings.publishing == .copy {
                // Published as NAME@WIDTHw.EXT beside the image, so it cannot take another file's name.
                let name =
                    PhotoFiles.baseName(of: job.files.name) + "@\(rendition.width)w."
                    + PhotoFiles.fileExtension(of: rendition.src)
                image = .output(job.albumOutput.isEmpty ? name : job.albumOutput + "/" + name)
            }
            if byWidth[rendition.width] == nil {
                byWidth[rendition.width] = PhotoRendition(image: image, sourcePath: sourcePath, width: rendition.width)
            }
        }
        for name in job.files.renditions {
            guard let width = Rendition.width(fromName: name), byWidth[width] == nil else { continue }
            let sourcePath = job.folder.path(of: name)
            byWidth[width] = PhotoRendition(
                image: publishedLocation(of: sourcePath, name: name, albumOutput: job.albumOutput),
                sourcePath: sourcePath, width: width)
        }
        return byWidth.keys.sorted().compactMap { byWidth[$0] }
    }
}
