/// One item property from `ipco`, typed where the reader acts on it.
package enum HEIFProperty: Sendable, Equatable {
    /// `hvcC`: the HEVC decoder configuration record, unparsed (the HEVC decoder reads it).
    case hevcConfiguration([UInt8])
    /// `av1C`: the AV1 codec configuration record, unparsed.
    case av1Configuration([UInt8])
    /// `ispe`: the image's width and height in pixels, as coded (before any transform).
    case spatialExtent(width: Int, height: Int)
    /// `colr`: an ICC profile or coding-independent code points.
    case colour(HEIFColour)
    /// `irot`: turn the image anticlockwise by this many quarter turns (0–3).
    case rotation(quarterTurns: Int)
    /// `imir`: mirror the image.
    case mirror(HEIFMirrorAxis)
    /// `clap`: the clean aperture, to crop to.
    case cleanAperture(HEIFCleanAperture)
    /// `pixi`: bits per channel, one entry a channel.
    case pixelInformation(bitsPerChannel: [Int])
    /// `auxC`: what an auxiliary image is (`urn:mpeg:hevc:2015:auxid:1` is alpha) and its subtype bytes.
    case auxiliaryType(urn: String, subtype: [UInt8])
    /// Any other property, by its four-character type.
    case other(String)

    /// The four-character box type the property came from.
    package var boxType: String {
        switch self {
        case .hevcConfiguration: "hvcC"
        case .av1Configuration: "av1C"
        case .spatialExtent: "ispe"
        case .colour: "colr"
        case .rotation: "irot"
        case .mirror: "imir"
        case .cleanAperture: "clap"
        case .pixelInformation: "pixi"
        case .auxiliaryType: "auxC"
        case .other(let type): type
        }
    }
}

/// A property as `ipma` associates it with an item: the property and whether it is essential
/// (a reader that does not understand an essential property must not show the item).
package struct HEIFAssociatedProperty: Sendable, Equatable {
    package var property: HEIFProperty
    package var isEssential: Bool

    package init(_ property: HEIFProperty, isEssential: Bool) {
        self.property = property
        self.isEssential = isEssential
    }
}

/// The colour information of `colr`.
package enum HEIFColour: Sendable, Equatable {
    /// `prof` (a full ICC profile) or `rICC` (a restricted one): the profile's bytes.
    case icc([UInt8], restricted: Bool)
    /// `nclx`: ITU-T H.273 colour primaries, transfer characteristics and matrix coefficients,
    /// and whether the samples use the full range (otherwise the limited, "video" range).
    case nclx(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool)
}

/// The axis `imir` mirrors about (ISO/IEC 23008-12 §6.5.12). The 2017 text called the field
/// `axis` ("a vertical (axis = 0) or horizontal (axis = 1) axis") and was read both ways; its
/// Amendment 2 renamed it `mode` and settled it the way iPhones and libheif had written and read
/// it: mode 0 swaps top and bottom, mode 1 left and right.
package enum HEIFMirrorAxis: Sendable, Equatable {
    /// Mode 1: about a vertical axis, so left and right swap.
    case vertical
    /// Mode 0: about a horizontal axis, so top and bottom swap.
    case horizontal
}

/// `clap` (ISO/IEC 14496-12 §12.1.4): the clean aperture's width, height and centre offsets, each
/// a fraction (numerator, denominator).
package struct HEIFCleanAperture: Sendable, Equatable {
    package var widthN: UInt32, widthD: UInt32
    package var heightN: UInt32, heightD: UInt32
    package var horizontalOffsetN: Int32, horizontalOffsetD: UInt32
    package var verticalOffsetN: Int32, verticalOffsetD: UInt32

    package init(
        widthN: UInt32, widthD: UInt32, heightN: UInt32, heightD: UInt32, horizontalOffsetN: Int32,
        horizontalOffsetD: UInt32, verticalOffsetN: Int32, verticalOffsetD: UInt32
    ) {
        self.widthN = widthN
        self.widthD = widthD
        self.heightN = heightN
        self.heightD = heightD
        self.horizontalOffsetN = horizontalOffsetN
        self.horizontalOffsetD = horizontalOffsetD
        self.verticalOffsetN = verticalOffsetN
        self.verticalOffsetD = verticalOffsetD
    }
}

/// A rectangle of pixels: `x`, `y` of its top-left corner, its width and height.
package struct HEIFRectangle: Sendable, Equatable {
    package var x: Int, y: Int, width: Int, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
