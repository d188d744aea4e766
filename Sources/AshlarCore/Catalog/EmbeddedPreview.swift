/// The JPEG preview a camera RAW is published from: a byte range of the RAW file, turned by the
/// RAW's orientation. The RAW itself is never published.
package struct EmbeddedPreview: Sendable, Equatable {
    /// Where the JPEG lies in the RAW file, checked against the file's size.
    package var range: Range<Int>
    /// The RAW's own orientation (IFD0), which replaces the preview's; nil to use the preview's.
    package var orientation: Int?

    package init(range: Range<Int>, orientation: Int?) {
        self.range = range
        self.orientation = orientation
    }
}
