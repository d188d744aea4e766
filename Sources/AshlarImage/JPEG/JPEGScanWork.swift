/// What decoding a JPEG's scans costs, counted scan by scan: how many there are, and how many
/// blocks they decode in all (``JPEGFrame/blocks(inScanOf:)``), against ``ImageLimits/maxScans``
/// and ``ImageLimits/maxScanBlocks``. The one count: `JPEGHeader.check`'s marker walk, the
/// decoder's walk before it allocates and its decoding loop all add their scans here.
struct JPEGScanWork {
    let limits: ImageLimits
    private(set) var scans = 0
    private(set) var blocks = 0

    init(limits: ImageLimits) {
        self.limits = limits
    }

    /// Counts one more scan; throws `.tooLarge` once the scans, or the blocks they decode, are
    /// over the limits.
    mutating func add(_ scan: JPEGStream.Scan, of frame: JPEGFrame) throws(ImageError) {
        scans += 1
        guard scans <= limits.maxScans else {
            throw ImageError(.tooLarge, "JPEG has more than \(limits.maxScans) scans")
        }
        blocks += frame.blocks(inScanOf: scan.components)
        guard blocks <= limits.maxScanBlocks else {
            throw ImageError(
                .tooLarge,
                "JPEG's \(scans) scans decode more than \(limits.maxScanBlocks) blocks in all "
                    + "(a scan decodes every block it covers)")
        }
    }

    /// The work of a whole image: `firstScan`, just read from `stream`, and every scan after it
    /// to the end of the image, read from their markers without decoding their data. The walk
    /// ends where the decoder would stop: at the end of the image, or at a marker it takes as
    /// damage (`.malformed`); it throws what the decoder would throw for the scans.
    static func walk(
        _ stream: inout JPEGStream, firstScan: JPEGStream.Scan, frame: JPEGFrame, limits: ImageLimits
    ) throws(ImageError) -> JPEGScanWork {
        var work = JPEGScanWork(limits: limits)
        try work.add(firstScan, of: frame)
        while true {
            let next: JPEGStream.Scan?
            do {
                next = try stream.nextScan()
            } catch  where error.kind == .malformed {
                break
            }
            guard let next else { break }
            try work.add(next, of: frame)
        }
        return work
    }
}
