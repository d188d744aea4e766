/// A video container format, told by content rather than by file extension.
package enum VideoFormat: String, Sendable, Equatable {
    case mp4, quickTime, webM

    /// The format's name in messages.
    package var name: String {
        switch self {
        case .mp4: "MP4"
        case .quickTime: "QuickTime"
        case .webM: "WebM"
        }
    }

    /// The media type a server sends it with.
    package var mimeType: String {
        switch self {
        case .mp4: "video/mp4"
        case .quickTime: "video/quicktime"
        case .webM: "video/webm"
        }
    }
}
