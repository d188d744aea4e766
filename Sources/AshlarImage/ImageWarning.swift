/// Something wrong with a file that was decoded anyway, or with a rendition made of it. Its
/// ``description`` is the message a user sees, lowercase and in the file's terms; the caller adds
/// the file's path.
///
/// Only the damage kinds (``isDamage``) mean pixels are missing or made up: the decoder filled
/// part of the picture (grey for JPEG, zero for PNG). The others are about the file around the
/// pixels (a colour profile or an ancillary chunk that was ignored, a missing end marker), and
/// the pixels are those of a clean file.
public enum ImageWarning: Sendable, Hashable, CustomStringConvertible {
    /// JPEG entropy-coded data with codes no Huffman table has, in a progressive scan or, when
    /// `scan` is nil, the one scan of a sequential file.
    case corruptEntropyData(badCodes: Int, scan: Int?)
    /// JPEG restart markers missing where the restart interval puts them.
    case missingRestartMarkers(count: Int, scan: Int?)
    /// A sequential JPEG cut short: rows `first` to `height` (1-based) are grey.
    case missingRows(first: Int, height: Int)
    /// A progressive JPEG scan cut short: the detail it and later scans add is missing.
    case incompleteScan(Int)
    /// Bytes after a progressive JPEG's scan that are not the next segment; later scans are missing.
    case damagedAfterScan(Int, reason: String)
    /// A PNG file cut inside a chunk header (nil) or inside the named chunk. Cut inside the image
    /// data, it is damage; cut after it, the pixels are whole (other damage is its own warning).
    case fileEndsInsideChunk(String?)
    /// PNG image data whose zlib stream ends cleanly before the last row.
    case imageDataEndsEarly
    /// PNG image data whose zlib stream is cut short.
    case truncatedImageData
    /// PNG image data whose zlib stream is malformed (`reason`), before the last row or, when
    /// `beforeLastRow` is false, after it (a bad checksum).
    case corruptImageData(reason: String, beforeLastRow: Bool)
    /// A PNG row with a filter type the format does not have; it and later rows are zero.
    case unknownFilter(row: Int, type: UInt8)
    /// PNG image data that goes on after the last row; the rest is ignored.
    case excessImageData
    /// A PNG file without its `IEND` chunk after whole image data.
    case missingIEND
    /// A PNG ancillary chunk (`tRNS`, `iCCP`) that is ignored, and why.
    case chunkIgnored(String, ChunkProblem)
    /// The embedded ICC profile is ignored, and why.
    case iccProfileIgnored(ICCProblem)
    /// The JPEG rendition `width` pixels wide would have taken more than the encoder's bound
    /// (`JPEGEncoder.codedBytesPerBlockLimit`) at quality `asked`, which only pixels like noise do;
    /// it is written at quality `written`, or, when nil, even quality 1 did not fit and each unit of
    /// 8 or 16 pixels square is its mean colour.
    case renditionQualityLowered(width: Int, asked: Int, written: Int?)

    /// Why an ancillary chunk is ignored.
    public enum ChunkProblem: Sendable, Hashable {
        /// After the image data, or a second one.
        case outOfPlace
        /// Its contents do not fit the image (a `tRNS` of the wrong size, an `iCCP` without a name).
        case invalid
    }

    /// Why an ICC profile is ignored.
    public enum ICCProblem: Sendable, Hashable {
        /// JPEG `APP2` chunk `missing` of `count` is absent.
        case missingChunk(Int, of: Int)
        /// JPEG `APP2` chunks numbered inconsistently (a count that changes, a number repeated).
        case inconsistentNumbering
        /// A PNG `iCCP` chunk whose zlib stream does not inflate (`reason`).
        case undecodable(reason: String)
        /// A profile for another colour space than the image's (`colourSpace`, nil when the
        /// profile's header is damaged); renditions are written without it.
        case wrongColourSpace(String?)
        /// A profile larger than ``ImageLimits/maxICCProfileBytes`` (`limit`).
        case tooLarge(limit: Int)
    }

    /// Pixels are missing or corrupt: the decoder filled part of the picture.
    public var isDamage: Bool {
        switch self {
        case .corruptEntropyData, .missingRestartMarkers, .missingRows, .incompleteScan, .damagedAfterScan,
            .imageDataEndsEarly, .truncatedImageData, .corruptImageData, .unknownFilter:
            true
        case .fileEndsInsideChunk(let type): type == "IDAT"
        case .excessImageData, .missingIEND, .chunkIgnored, .iccProfileIgnored, .renditionQualityLowered: false
        }
    }

    public var description: String {
        switch self {
        case .corruptEntropyData(let count, let scan):
            "JPEG data is corrupt: \(count) bad Huffman codes" + (scan.map { " in scan \($0)" } ?? "")
        case .missingRestartMarkers(let count, let scan):
            "JPEG data is corrupt: \(count) restart markers are missing" + (scan.map { " in scan \($0)" } ?? "")
        case .missingRows(let first, let height):
            "JPEG data ends early: rows \(first)–\(height) of \(height) are missing"
        case .incompleteScan(let scan):
            "JPEG data ends early: scan \(scan) is incomplete, so detail is missing"
        case .damagedAfterScan(let scan, let reason):
            "JPEG data is damaged after scan \(scan): \(reason)"
        case .fileEndsInsideChunk(let type):
            type.map { "file ends inside the '\($0)' chunk" } ?? "file ends inside a chunk header"
        case .imageDataEndsEarly: "image data ends before the last row"
        case .truncatedImageData: "image data is truncated"
        case .corruptImageData(let reason, let beforeLastRow):
            beforeLastRow ? "image data is damaged: \(reason)" : reason
        case .unknownFilter(let row, let type): "row \(row) has unknown filter type \(type)"
        case .excessImageData: "image data is longer than the image needs"
        case .missingIEND: "file has no 'IEND' chunk"
        case .chunkIgnored(let type, .outOfPlace): "'\(type)' chunk out of place is ignored"
        case .chunkIgnored(let type, .invalid): "invalid '\(type)' chunk is ignored"
        case .iccProfileIgnored(.missingChunk(let missing, let count)):
            "ICC profile chunk \(missing) of \(count) is missing; the profile is ignored"
        case .iccProfileIgnored(.inconsistentNumbering):
            "ICC profile chunks are numbered inconsistently; the profile is ignored"
        case .iccProfileIgnored(.undecodable(let reason)): "'iCCP' chunk is ignored: \(reason)"
        case .iccProfileIgnored(.tooLarge(let limit)):
            "the ICC profile is larger than \(limit / 1024) KiB; renditions are written without it"
        case .iccProfileIgnored(.wrongColourSpace(let space)):
            "the image carries \(space.map { "a \($0) profile" } ?? "a damaged profile"); renditions are written without it"
        case .renditionQualityLowered(let width, let asked, let written?):
            "its pixels are like noise: the \(width) px rendition at quality \(asked) would take more than "
                + "\(JPEGEncoder.codedBytesPerBlockLimit) bytes a block, so it is written at quality \(written)"
        case .renditionQualityLowered(let width, let asked, nil):
            "its pixels are like noise: the \(width) px rendition would take more than "
                + "\(JPEGEncoder.codedBytesPerBlockLimit) bytes a block even at quality 1 (\(asked) was asked), "
                + "so it is written as squares of their mean colour"
        }
    }
}
