/// The `ftyp` box: the major brand, the minor version and the compatible brands.
package struct HEIFBrands: Sendable, Equatable {
    package var major: String
    package var minorVersion: UInt32
    package var compatible: [String]

    package init(major: String, minorVersion: UInt32 = 0, compatible: [String]) {
        self.major = major
        self.minorVersion = minorVersion
        self.compatible = compatible
    }

    /// Brands that say the images are HEVC-coded (ISO/IEC 23008-12 Annex B): `heic` and `heix`
    /// (image items, 8-bit and extended), `heim`/`heis` (multi-layer and scalable) and the image
    /// sequence brands `hevc`/`hevx`.
    package static let hevcBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    /// Brands that say the images are AV1-coded (AVIF).
    package static let av1Brands: Set<String> = ["avif", "avis"]
    /// Brands of the HEIF structure itself, whatever the codec (`mif1`, `msf1`, `miaf`).
    package static let structuralBrands: Set<String> = ["mif1", "msf1", "mif2", "miaf"]

    /// The major brand followed by the compatible ones.
    package var all: [String] { [major] + compatible }

    /// Whether any brand names HEVC coding.
    package var isHEVC: Bool { all.contains { Self.hevcBrands.contains($0) } }
    /// Whether any brand names AV1 coding.
    package var isAV1: Bool { all.contains { Self.av1Brands.contains($0) } }
    /// Whether any brand names a HEIF structure (an image file rather than a movie).
    package var isHEIF: Bool { isHEVC || isAV1 || all.contains { Self.structuralBrands.contains($0) } }
}
