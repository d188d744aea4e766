/// The metadata a rendition Ashlar wrote may carry, for checking a file said to be one (a
/// rendition cache is untrusted input).
public enum RenditionMetadata: Sendable, Equatable {
    /// Exactly these, as ``Renditions/make(from:widths:quality:limits:keepingCameraEXIF:orientation:)``
    /// chooses them for the photo: the ICC profile or none, and the EXIF's TIFF structure or none
    /// (``Renditions/expectedMetadata(of:keepingCameraEXIF:orientation:limits:)``).
    case exactly(iccProfile: [UInt8]?, exif: [UInt8]?)
    /// Whatever Ashlar writes for some photo and settings, checked without the photo: a whole ICC
    /// profile in the chunks the encoder writes, and an EXIF that ``CameraEXIF`` leaves as it is
    /// (camera facts only, no orientation).
    case anyAshlarWrites
}
