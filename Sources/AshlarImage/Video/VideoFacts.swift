/// What a video's container says about it: enough to lay it out, label it and publish it
/// without its location.
package struct VideoFacts: Sendable, Equatable {
    package var format: VideoFormat
    /// Display width in pixels, rotation applied.
    package var width: Int
    /// Display height in pixels, rotation applied.
    package var height: Int
    /// Clockwise degrees the player turns the stored frames: 0, 90, 180 or 270.
    package var rotation: Int
    /// Seconds.
    package var duration: Double?
    /// The video track's sample entry or codec ID: "avc1", "hvc1", "vp09", "V_VP9"...
    package var codec: String?
    package var mimeType: String
    /// An embedded XMP packet, for titles and descriptions.
    package var xmp: [UInt8]?
    /// The container's own title (QuickTime `©nam` or `com.apple.quicktime.title`, Matroska `Title`).
    package var title: String?
    /// What the published copy overwrites so that it keeps only what its allowlist keeps;
    /// empty when the file holds nothing else.
    package var patches: [VideoPatch]
    /// Whether the file records where it was taken (for the warning when it is published as it
    /// is, by reference); the published copy never does.
    package var recordsLocation: Bool

    package init(
        format: VideoFormat, width: Int, height: Int, rotation: Int = 0, duration: Double? = nil,
        codec: String? = nil, mimeType: String, xmp: [UInt8]? = nil, title: String? = nil,
        patches: [VideoPatch] = [], recordsLocation: Bool = false
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.rotation = rotation
        self.duration = duration
        self.codec = codec
        self.mimeType = mimeType
        self.xmp = xmp
        self.title = title
        self.patches = patches
        self.recordsLocation = recordsLocation
    }
}

/// What to write over a published copy at `offset`: `bytes`, then `zeros` zero bytes (a
/// dropped box's or element's body, or media data no kept track uses, of any length without
/// holding it); the file's length never changes.
package struct VideoPatch: Sendable, Equatable {
    package var offset: Int
    package var bytes: [UInt8]
    package var zeros: Int

    package init(offset: Int, bytes: [UInt8], zeros: Int = 0) {
        self.offset = offset
        self.bytes = bytes
        self.zeros = zeros
    }

    /// The bytes the patch covers.
    package var length: Int { bytes.count + zeros }
}

/// Why a video could not be read, and at which byte when known.
package struct VideoReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var offset: Int?

    package init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    package var description: String {
        offset.map { "\(message) (at byte \($0))" } ?? message
    }
}
