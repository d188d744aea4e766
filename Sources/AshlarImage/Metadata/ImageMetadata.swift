/// What a photo's file says besides its pixels, as ``JPEGMetadata/read(_:)`` finds it.
public struct ImageMetadata: Sendable, Equatable {
    /// The ICC profile, its APP2 chunks joined in sequence order; `nil` when absent or when the
    /// chunks do not form one complete set.
    public var iccProfile: [UInt8]?
    /// The TIFF structure of the `Exif\0\0` APP1 segment, as stored.
    public var exif: [UInt8]?
    /// The standard XMP packet (the `http://ns.adobe.com/xap/1.0/` APP1 segment), as stored.
    public var xmp: [UInt8]?
    /// The EXIF orientation, 1...8; 1 when absent or out of range.
    public var orientation: Int
    /// Whether the file says where it was taken, in any form ``LocationRecord`` knows: a GPS IFD
    /// with entries, a GPS or place property in the XMP packet or its Extended XMP, an IPTC-IIM
    /// place.
    public var hasLocation: Bool

    public init(
        iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil, orientation: Int = 1,
        hasLocation: Bool = false
    ) {
        self.iccProfile = iccProfile
        self.exif = exif
        self.xmp = xmp
        self.orientation = orientation
        self.hasLocation = hasLocation
    }
}
