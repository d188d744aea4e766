/// Why an image could not be read or written. The message is lowercase and names what is wrong
/// in the file's terms ("JPEG uses arithmetic coding, which is not supported"); the caller adds
/// the file's path.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A valid file using a feature this library does not implement (arithmetic coding, 12-bit).
        case unsupported
        /// Not a file of the expected format, or damaged before any pixel could be decoded.
        case malformed
        /// Over a limit (``ImageLimits``): too many pixels, scans or decompressed bytes.
        case tooLarge
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
