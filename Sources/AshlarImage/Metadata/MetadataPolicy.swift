/// Which metadata ``JPEGMetadata/rewrite(_:keeping:)`` keeps in a published copy of a photo.
/// Both keep what decoding and colour need — the JFIF header (without a thumbnail), the ICC
/// profile and Adobe's colour transform flag — and nothing is kept that is not on a list.
public enum MetadataPolicy: Sendable, Equatable, CaseIterable {
    /// Nothing more: EXIF, XMP, IPTC, comments and every other APPn segment go.
    case colourProfileOnly
    /// Also the camera's facts, in an EXIF rebuilt from an allowlist (``CameraEXIF``): make,
    /// model, lens, exposure, focal length, date, orientation, creator and rights. Never a
    /// location, a place, a serial number, an owner, maker notes or a thumbnail.
    case cameraFacts
}
