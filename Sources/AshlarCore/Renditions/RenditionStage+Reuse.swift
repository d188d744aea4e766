import AshlarImage

extension RenditionStage {
    /// The most the smallest rendition of a set the cache holds may differ from the photo, as the
    /// mean absolute difference of their luma at 64 pixels wide, in levels of 255
    /// (`Renditions.difference`). Measured with `ashlar-bench images glance` on the twelve camera
    /// photos of `../shared/photos` and `../shared/photos-mixed`: a photo's own 317 px rendition
    /// differs from it by 0.24–1.02, the nearest other photo's by 32.8 or more.
    static let maximumDifference = 6.0

    /// Why a set the cache holds cannot be reused as this photo's renditions; nil when it can.
    /// The cache is untrusted (another build, another CI job, anyone who could write to it made
    /// it), so before a set is reused: its heights must be those the photo's aspect ratio gives;
    /// each file must have the length and digest its list records and hold only what Ashlar's
    /// encoders write for this photo (`Renditions.deviation`: its ICC profile, its camera facts
    /// under `"metadata": "camera"`, nothing else); and its smallest rendition must be a picture
    /// of this photo: within ``maximumDifference`` of the photo decoded at ⅛
    /// (`Renditions.glance`). `source` reads the photo (nil when it cannot be read). A `signed`
    /// set (under `ASHLAR_CACHE_KEY`, or this machine's own key: a build here made it or checked
    /// it so) has its files checked without the photo (`RenditionMetadata.anyAshlarWrites`),
    /// which is not read.
    func reuseProblem(
        of entries: [RenditionCache.Entry], key: String, still: Still, signed: Bool, source: () -> [UInt8]?
    ) -> String? {
        if let problem = Self.implausibleHeight(in: entries, of: still) { return problem }
        // A set whose signature the cache verified was written or checked by a build that had the
        // key: its files are checked as the publishing check does, and the photo is not read.
        if signed { return filesProblem(of: entries, key: key, metadata: .anyAshlarWrites).problem }
        guard let bytes = source() else { return "the photo cannot be read to check them" }
        let glance: Renditions.Glance
        do throws(ImageError) {
            let orientation = still.preview?.orientation
            let needed = try Renditions.memoryNeeded(for: bytes, widths: [1], orientation: orientation)
            let seen = try memoryBudget.withReservation(of: needed) { () throws(ImageError) -> Renditions.Glance in
                try Renditions.glance(
                    at: bytes, keepingCameraEXIF: settings.metadata == .camera, orientation: orientation)
            }
            guard let seen else { throw overBudget(needed) }
            glance = seen
        } catch {
            return "the photo cannot be decoded to check them: \(error.description)"
        }
        let (problem, smallestFile) = filesProblem(of: entries, key: key, metadata: glance.metadata)
        if let problem { return problem }
        guard let smallest = smallestFile else { return nil }
        let file = entries.first { $0.width == smallest.width }.map {
            cache.renditionFile(key: key, width: $0.width, format: $0.format)
        }
        do throws(ImageError) {
            let difference = try Renditions.difference(between: glance, and: smallest.bytes)
            if !(difference <= Self.maximumDifference) {
                return
                    "\(file ?? key): it is not a picture of this photo (its luma differs from the photo's by a mean of \(Self.levels(difference)) levels, more than \(Self.levels(Self.maximumDifference)))"
            }
        } catch {
            return "\(file ?? key): \(error.description)"
        }
        return nil
    }

    /// Why a file of the set is not what its list records or not what Ashlar's encoders write with
    /// `metadata`; else nil, and the smallest rendition's width and bytes.
    private func filesProblem(
        of entries: [RenditionCache.Entry], key: String, metadata: RenditionMetadata
    ) -> (problem: String?, smallest: (width: Int, bytes: [UInt8])?) {
        var smallest: (width: Int, bytes: [UInt8])?
        for entry in entries {
            let file = cache.renditionFile(key: key, width: entry.width, format: entry.format)
            let read: [UInt8]
            switch cache.folder.readRegularFile(file, upTo: RenditionCache.maximumFileSize) {
            case .success(let bytes): read = bytes
            case .failure(let failure): return ("\(file): \(failure.message)", nil)
            }
            guard read.count == entry.size, SourceDigest.of(bytes: read) == entry.digest else {
                return ("\(file) is not the file its list records", nil)
            }
            if let deviation = Renditions.deviation(of: read, format: entry.format, metadata: metadata) {
                return ("\(file): \(deviation)", nil)
            }
            if entry.width < smallest?.width ?? .max { smallest = (entry.width, read) }
        }
        return (nil, smallest)
    }

    /// A difference in levels, to one decimal.
    static func levels(_ value: Double) -> String {
        String(Double(Int((value * 10).rounded())) / 10)
    }
}
