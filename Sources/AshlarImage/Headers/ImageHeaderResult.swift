/// The outcome of reading an image header from a prefix of the file.
package enum ImageHeaderResult: Sendable, Equatable {
    case header(ImageHeader)
    /// The prefix ends before the header does: read at least this many bytes from the start of
    /// the file and try again. Never more than `ImageHeaderReader.maximumPrefix`.
    case needsMoreBytes(Int)
    /// The file is not a readable image; the reason says why ("truncated PNG header").
    case failure(String)
}
