/// Camera RAW files: which names they go by, and where the JPEG previews cameras embed in them
/// lie. Ashlar does not develop RAW sensor data; a RAW alone is published from its largest
/// embedded JPEG preview. Structures are read with the readers of their containers (TIFF with
/// ``TIFFReader``); every offset and length is checked against the file's size.
package enum CameraRAW {
    /// The extensions of camera RAW files (lowercased).
    package static let fileExtensions: Set<String> = [
        "arw", "cr2", "cr3", "nef", "nrw", "dng", "raf", "orf", "rw2", "pef", "srw",
    ]

    /// A preview shorter than this on its long side is not published: it would look soft on a
    /// photo page.
    package static let minimumPreviewLongSide = 1_280

    /// A preview longer than this is not read: a camera's largest full-size JPEG is a few tens of
    /// MB, and the renditions stage reads the whole preview into memory.
    package static let maximumPreviewBytes = 128 << 20

    /// How many bytes of a RAW file ``previews(in:fileSize:)`` wants to see the structure that
    /// points to its previews: TIFF IFDs and a RAF header sit in the first few hundred KiB.
    package static let structurePrefix = 1 << 20

    /// What a RAW file's first bytes say about its previews.
    package struct Previews: Sendable, Equatable {
        /// The embedded JPEGs as byte ranges of the file, largest first.
        package var ranges: [Range<Int>]
        /// The RAW's own orientation (IFD0), which applies to its previews; nil when it states
        /// none (a RAF's is in its preview's EXIF).
        package var orientation: Int?
        /// The RAW's TIFF structure, when it has one: its EXIF, read as a JPEG's is.
        package var tiff: [UInt8]?

        package init(ranges: [Range<Int>], orientation: Int?, tiff: [UInt8]? = nil) {
            self.ranges = ranges
            self.orientation = orientation
            self.tiff = tiff
        }
    }

    /// The previews of a RAW file from `prefix`, its first bytes (at least
    /// ``structurePrefix`` of them when the file is that long), and its size.
    package static func previews(in prefix: [UInt8], fileSize: Int) -> Previews {
        if prefix.starts(with: Array("FUJIFILMCCD-RAW ".utf8)) {
            return Previews(ranges: rafPreview(prefix, fileSize: fileSize).map { [$0] } ?? [], orientation: nil)
        }
        guard let tiff = TIFFReader(prefix, cameraRAW: true) else { return Previews(ranges: [], orientation: nil) }
        return Previews(ranges: tiff.embeddedJPEGs(fileSize: fileSize), orientation: tiff.orientation, tiff: prefix)
    }

    /// A RAF's JPEG: its header holds the big-endian offset and length at bytes 84 and 88.
    static func rafPreview(_ bytes: [UInt8], fileSize: Int) -> Range<Int>? {
        guard bytes.count >= 92 else { return nil }
        func uint32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let offset = uint32(84)
        let length = uint32(88)
        guard offset > 0, length > 2, offset <= fileSize - length else { return nil }
        return offset..<offset + length
    }
}
