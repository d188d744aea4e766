/// Reads the facts Ashlar needs from an MP4, QuickTime or WebM file, a few boxes at a time.
package enum VideoReader {
    /// Whether these first bytes (at least 16 given when the file has them) look like a video
    /// this reader handles.
    package static func format(ofPrefix prefix: [UInt8]) -> VideoFormat? {
        nil
    }

    /// Reads a video through `read(offset, count)`, which returns up to `count` bytes from
    /// `offset` (fewer only at the end of the file). Never reads the whole file.
    package static func read(
        fileSize: Int, _ read: (_ offset: Int, _ count: Int) throws(VideoReadError) -> [UInt8]
    ) throws(VideoReadError) -> VideoFacts {
        throw VideoReadError("video reading is not yet implemented")
    }
}
