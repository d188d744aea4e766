import AshlarImage

extension RenditionStage {
    /// `ashlar check`'s part of the stage: decodes the photo to be checked, as a build would (or,
    /// for a GIF, WebP or AVIF, makes its published copy), and writes nothing. A photo whose
    /// renditions the cache holds (made from the same bytes, known by their digest in
    /// `sources.tsv`) is not decoded again.
    func check(_ job: Job, known: [String: (stamp: FileStamp, digest: String)]) -> Outcome {
        var outcome = Outcome(still: job.still)
        guard let (source, path, shown, stamp) = sourceFile(of: job, into: &outcome),
            let format = job.still.format
        else {
            outcome.refused = true
            return outcome
        }
        guard format.canDecode else {
            // A published copy stands in for renditions: made here to be checked, and dropped.
            guard let bytes = readSource(path, shown: shown, into: &outcome) else {
                outcome.refused = true
                return outcome
            }
            do throws(ImageError) {
                _ = try PublishedCopy.make(bytes, format: ImageFormat.detect(bytes) ?? format)
            } catch {
                outcome.refused = true
                outcome.diagnostics.append(
                    .error(Self.copyRefusal(error, format: format) + "; the photo is left out", path: shown))
            }
            return outcome
        }
        let photoWidths = widths(for: job.still)
        if !photoWidths.isEmpty, let remembered = known[source], remembered.stamp == stamp {
            if case .complete = cache.set(key: key(digest: remembered.digest, widths: photoWidths), widths: photoWidths)
            {
                return outcome
            }
        }
        guard let bytes = readSource(path, shown: shown, into: &outcome) else { return outcome }
        do throws(ImageError) {
            try checkDecodes(bytes, widths: photoWidths)
        } catch {
            outcome.refused = true
            outcome.diagnostics.append(.error(Self.refusal(error, bytes: bytes), path: shown))
        }
        return outcome
    }
}
