extension VideoReader {
    static func readMatroska(fileSize: Int, _ read: Read) throws(VideoReadError) -> VideoFacts {
        throw VideoReadError("WebM reading is not yet implemented")
    }
}
