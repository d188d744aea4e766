/// Which metadata ``JPEGMetadata/rewrite(_:keeping:)`` keeps in a published copy of a photo.
public enum MetadataPolicy: Sendable, Equatable, CaseIterable {
    /// Only what decoding and colour need: JFIF (APP0), the ICC profile (APP2) and Adobe's colour
    /// transform flag (APP14). EXIF, XMP, IPTC, comments and every other APPn segment go.
    case colourProfileOnly
    /// Everything except where the photo was taken: the EXIF GPS IFD is unlinked and zeroed, the
    /// XMP `exif:GPS…` properties are removed, as are Extended-XMP segments that carry any.
    case everythingButLocation
}
