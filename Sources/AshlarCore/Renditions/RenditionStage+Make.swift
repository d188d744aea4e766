import AshlarImage

extension RenditionStage {
    /// A build's part of the stage for one photo: its digest (remembered, or read now), its set
    /// from the cache or made now, and the photo as published with it; or, where there can be no
    /// renditions, a published copy of its own file standing in.
    func make(
        _ job: Job, known: [String: (stamp: FileStamp, digest: String)], refusals: [String: String],
        makesRenditions: Bool
    ) -> Outcome {
        var outcome = Outcome(still: job.still)
        guard let file = sourceFile(of: job, into: &outcome) else {
            outcome.refused = true
            return outcome
        }
        guard case .output(let output) = job.still.image,
            let format = job.still.format
        else { return outcome }
        let (source, path, shown, stamp) = file
        var remembered = known[source].flatMap { $0.stamp == stamp ? $0.digest : nil }
        // A shard's build needs every photo's digest first, to know which photos are its own.
        var preread: [UInt8]?
        if case .shard(let shard) = scope {
            if remembered == nil {
                guard let read = readSource(path, shown: shown, into: &outcome) else {
                    outcome.refused = true
                    return outcome
                }
                preread = read
                remembered = SourceDigest.of(bytes: read)
            }
            if let digest = remembered, !shard.contains(digest: digest) {
                outcome.outsideShard = true
                outcome.digest = (source, stamp, digest)
                // Another shard's refusal stays remembered, without a word.
                if let message = refusals[digest] { outcome.refusal = (digest, message) }
                return outcome
            }
        }
        // Refused before, in the same bytes: not decoded again.
        if let digest = remembered, let message = refusals[digest] {
            outcome.refused = true
            outcome.digest = (source, stamp, digest)
            outcome.refusal = (digest, message)
            outcome.diagnostics.append(.error(message, path: shown))
            return outcome
        }
        let photoWidths = format.canDecode ? widths(for: job.still) : []
        if photoWidths.isEmpty {
            // Too small for renditions, or a format Ashlar does not decode: a copy, once a photo
            // Ashlar decodes is known to decode (as `check` does).
            var bytes = preread
            if bytes == nil, format.canDecode || remembered == nil {
                bytes = readSource(path, shown: shown, into: &outcome)
                guard let read = bytes else {
                    outcome.refused = true
                    return outcome
                }
                if format.canDecode {
                    do throws(ImageError) {
                        try checkDecodes(read, widths: [])
                    } catch {
                        let message = Self.refusal(error, bytes: read)
                        let digest = remembered ?? SourceDigest.of(bytes: read)
                        outcome.refused = true
                        outcome.digest = (source, stamp, digest)
                        if !Self.isOverBudget(error) { outcome.refusal = (digest, message) }
                        outcome.diagnostics.append(.error(message, path: shown))
                        return outcome
                    }
                }
            }
            return standIn(bytes: bytes, digest: remembered, format: format, at: output, file: file, outcome: outcome)
        }
        var bytes = preread
        let digest: String
        if let remembered {
            digest = remembered
        } else {
            // Read and digested even when its renditions are left for later (`serve`): a copy
            // stands in for them until then, as the file itself may say where it was taken, with
            // which camera and whose it is, and is never published, even for a moment.
            guard let read = readSource(path, shown: shown, into: &outcome) else {
                outcome.refused = true
                return outcome
            }
            bytes = read
            digest = SourceDigest.of(bytes: read)
        }
        outcome.digest = (source, stamp, digest)
        let key = key(digest: digest, widths: photoWidths)
        // Read once at most, by the cache's check or by making the set.
        var triedReading = false
        let lookup = cache.getOrCreate(
            key: key, widths: photoWidths,
            validate: { entries, signed in
                reuseProblem(of: entries, key: key, still: job.still, signed: signed) {
                    if bytes == nil, !triedReading { bytes = readSource(path, shown: shown, into: &outcome) }
                    triedReading = true
                    return bytes
                }
            },
            create: {
                () -> (renditions: [(entry: RenditionCache.Entry, bytes: [UInt8])], placeholder: ColourPlaceholder?)? in
                guard makesRenditions else {
                    outcome.deferred = true
                    return nil
                }
                if bytes == nil, !triedReading { bytes = readSource(path, shown: shown, into: &outcome) }
                guard let source = bytes else { return nil }
                return encode(source, digest: digest, widths: photoWidths, shown: shown, into: &outcome)
            })
        let list: RenditionCache.SetList
        switch lookup {
        case .found(let found):
            list = found
            outcome.reused = found.entries.count
        case .made(let made, let replacing):
            list = made
            outcome.made = made.entries.count
            if let replacing {
                outcome.diagnostics.append(
                    .warning(
                        "the rendition cache held renditions of this photo that are not what Ashlar wrote (\(replacing)); they were made again",
                        path: shown))
            }
        case .notMade:
            // Damaged, or left for a later round (`serve`): a copy stands in.
            guard outcome.damaged || outcome.deferred, !outcome.refused else {
                if bytes == nil, !outcome.deferred { outcome.refused = true }
                return outcome
            }
            return standIn(bytes: bytes, digest: digest, format: format, at: output, file: file, outcome: outcome)
        case .notStored(let failure, let path):
            outcome.refused = true
            outcome.diagnostics.append(
                .error("cannot write to the rendition cache: \(failure.message); the photo is left out", path: path))
            return outcome
        }
        guard
            var published = PublishedRenditions(
                entries: list.entries, key: key, photoName: job.photo.name, albumOutput: job.albumOutput, cache: cache)
        else { return outcome }
        published.placeholder = list.placeholder
        outcome.used += published.generated.files.map(\.cachePath) + [cache.setFile(key: key)]
        // A RAW's original stays private: it is huge and records where it was taken.
        // A video's download is the video itself, not its poster.
        if settings.originals == .publish, job.still.preview == nil, job.photo.video == nil,
            let original = publishCopy(
                source: source, bytes: bytes, digest: digest, format: format, at: output, purpose: .original,
                outcome: &outcome)
        {
            published.generated.files.append(original)
            published.generated.original = job.still.image
        }
        outcome.published = published
        return outcome
    }

    /// The outcome with a published copy of the photo's own file standing in for renditions, or
    /// with the photo published as it is when `"publishAsIs"` names its format.
    private func standIn(
        bytes: [UInt8]?, digest: String?, format: ImageFormat, at output: String,
        file: (source: String, path: String, shown: String, stamp: FileStamp), outcome: Outcome
    ) -> Outcome {
        var outcome = outcome
        guard !settings.publishAsIs.contains(format) else { return outcome }
        guard let digest = digest ?? bytes.map(SourceDigest.of(bytes:)) else { return outcome }
        outcome.digest = (file.source, file.stamp, digest)
        outcome.copy = publishCopy(
            source: file.source, bytes: bytes, digest: digest, format: format, at: output,
            purpose: .insteadOfRenditions, outcome: &outcome)
        return outcome
    }
}
