import AshlarImage

/// A video as the site publishes it: where its file is and what the browser needs to know to play
/// it. The still that stands for it is the poster of ``Media/video(_:poster:)``; the item's width
/// and height are the video's.
package struct Video: Sendable, Equatable {
    /// The video file, relative to the source root.
    package var sourcePath: String
    /// Where the browser fetches the video.
    package var location: ImageLocation
    /// `video/mp4`, `video/quicktime`, `video/webm`.
    package var mimeType: String
    /// The codec as `<source type>`'s `codecs` parameter names it (`avc1.64001F`); nil when unknown.
    package var codec: String?
    /// Seconds; nil when the container does not say.
    package var duration: Double?
    /// The byte ranges to overwrite in the published copy so that it records no location.
    package var patches: [VideoPatch]

    package init(
        sourcePath: String, location: ImageLocation, mimeType: String, codec: String? = nil, duration: Double? = nil,
        patches: [VideoPatch] = []
    ) {
        self.sourcePath = sourcePath
        self.location = location
        self.mimeType = mimeType
        self.codec = codec
        self.duration = duration
        self.patches = patches
    }

    /// The extensions (lowercased) of the videos Ashlar publishes: MP4, QuickTime and WebM.
    package static let fileExtensions: Set<String> = ["mp4", "m4v", "mov", "webm"]

    /// `<source type>`: the MIME type, with the codec when it is known (`video/mp4;
    /// codecs="avc1.64001F"`), so a browser that cannot play it skips to the download link.
    /// A QuickTime file is offered as MP4 (its H.264 or HEVC plays as MP4 does; browsers other
    /// than Safari skip a `video/quicktime` source). A codec is named only when it is complete
    /// (`avc1.64001F`, not `avc1`): a browser refuses a source whose codec it cannot place.
    package var typeAttribute: String {
        let type = mimeType == "video/quicktime" ? "video/mp4" : mimeType
        guard let codec = codec.flatMap({ Self.webMCodecs[$0] ?? $0 }),
            codec.utf8.contains(UInt8(ascii: ".")) || ["vp8", "vp9"].contains(codec),
            codec.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C })
        else { return type }
        return type + "; codecs=\"" + codec + "\""
    }

    /// Matroska codec IDs by the names `codecs` gives them.
    static let webMCodecs = ["V_VP8": "vp8", "V_VP9": "vp9"]

    /// `1:05`, `1:02:03`: the duration as players show it; nil when unknown.
    package var durationText: String? {
        guard let duration, duration.isFinite, duration >= 0, duration < 1e7 else { return nil }
        let total = Int(duration.rounded())
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        let padded = seconds < 10 ? "0\(seconds)" : "\(seconds)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(padded)" }
        return "\(minutes):\(padded)"
    }
}
