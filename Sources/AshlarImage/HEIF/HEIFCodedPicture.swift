/// One coded image item decoded by its codec (HEVC for HEIC): the planes and what its bitstream
/// says of their colour.
package struct HEIFCodedPicture: Sendable {
    /// The decoded planes (no alpha: an alpha plane is an image item of its own), at least
    /// `width`×`height`.
    package var planes: YCbCrPlanes
    /// The decoded size, the bitstream's cropping (conformance window) applied. It may exceed the
    /// item's `ispe`, which the decoder then crops to.
    package var width: Int
    package var height: Int
    /// The bitstream's `matrix_coeffs` (HEVC VUI); 2 (unspecified) when it states none.
    package var matrixCoefficients: Int
    /// The bitstream's `video_full_range_flag`; false (limited range) when it states none, as
    /// H.265 says.
    package var fullRange: Bool

    package init(planes: YCbCrPlanes, width: Int, height: Int, matrixCoefficients: Int = 2, fullRange: Bool = false) {
        self.planes = planes
        self.width = width
        self.height = height
        self.matrixCoefficients = matrixCoefficients
        self.fullRange = fullRange
    }
}

/// A codec for the coded image items of a HEIF file: given an item's codec configuration and
/// data, its picture. `size` is the item's `ispe`: a codec refuses a bitstream that asks for a
/// picture much larger (more than a 64-sample coding block over it on either side), so that a
/// small item cannot make the decoder allocate a large picture.
package protocol HEIFCodedImageDecoding: Sendable {
    func decode(_ codec: HEIFCodec, data: ArraySlice<UInt8>, size: (width: Int, height: Int)) throws(ImageError)
        -> HEIFCodedPicture
}
