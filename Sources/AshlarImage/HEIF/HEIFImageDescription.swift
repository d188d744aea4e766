/// What the decoder and the gallery need to know of one image item (the primary one, usually):
/// how it is coded, its sizes, its transforms in order, its colour, bit depth and the items
/// that belong with it (alpha, thumbnails, Exif, XMP).
package struct HEIFImageDescription: Sendable, Equatable {
    /// How the pixels are coded.
    package enum Coding: Sendable, Equatable {
        /// One coded image item (`hvc1`, `av01`): its item ID and codec configuration.
        case single(item: UInt32, HEIFCodec)
        /// A grid of coded tiles, in `dimg` order (row-major), each `tileWidth`×`tileHeight`.
        case grid(HEIFImageGrid, tiles: [UInt32], tileWidth: Int, tileHeight: Int, HEIFCodec)
    }

    /// The item described (for a `tmap` primary, the base image it falls back to).
    package var itemID: UInt32
    package var coding: Coding
    /// The size before transforms: `ispe` (a grid's canvas size).
    package var codedWidth: Int
    package var codedHeight: Int
    /// The transforms to apply, in order (ipma order; HEIF/MIAF require clap, then irot, then imir).
    package var transforms: [HEIFTransform]
    /// The size after the transforms.
    package var outputWidth: Int
    package var outputHeight: Int
    /// The first `colr` (the item's, or a grid's first tile's when the grid has none).
    package var colour: HEIFColour?
    /// Every `colr` of that item: HEIF allows one ICC profile and one `nclx` side by side.
    package var colours: [HEIFColour] = []
    /// `pixi`, bits per channel (nil when the item has none: the decoder takes the SPS's).
    package var bitsPerChannel: [Int]?
    /// The alpha plane's item (an `auxl` whose `auxC` names alpha), when there is one.
    package var alphaItemID: UInt32?
    /// Auxiliary images that are not shown (depth, HDR gain maps), and derived images left aside.
    package var ignored: [HEIFIgnoredItem]
    package var thumbnailItemIDs: [UInt32]
    /// Exif items (`cdsc` to this item); their payload starts with a 4-byte offset to the TIFF header.
    package var exifItemIDs: [UInt32]
    /// XMP items (`mime`, `application/rdf+xml`, `cdsc` to this item).
    package var xmpItemIDs: [UInt32]
}

/// The codec of a coded image item and its configuration record, unparsed.
package enum HEIFCodec: Sendable, Equatable {
    /// `hvc1`/`hev1` with its `hvcC` payload.
    case hevc(configuration: [UInt8])
    /// `av01` with its `av1C` payload.
    case av1(configuration: [UInt8])
}

/// One transform of an image item, from its transformative properties.
package enum HEIFTransform: Sendable, Equatable {
    /// `clap`: keep this rectangle (in the image as it is when the transform applies).
    case crop(HEIFRectangle)
    /// `irot`: quarter turns anticlockwise.
    case rotate(quarterTurns: Int)
    /// `imir`.
    case mirror(HEIFMirrorAxis)
}

/// An item that goes with an image but is not shown, with why: a note the gallery can print.
package struct HEIFIgnoredItem: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// Depth map (`urn:mpeg:hevc:2015:auxid:2`, `urn:mpeg:mpegB:cicp:systems:auxiliary:depth`).
        case depth
        /// An HDR gain map (Apple's `urn:com:apple:photo:2020:aux:hdrgainmap`).
        case hdrGainMap
        /// An ISO 21496-1 tone-map derived item (`tmap`): the gain-mapped HDR rendering.
        case toneMap
        /// Another auxiliary image, by its `auxC` URN.
        case auxiliary(String)
    }

    package var item: UInt32
    package var kind: Kind

    package init(item: UInt32, kind: Kind) {
        self.item = item
        self.kind = kind
    }

    package var description: String {
        switch kind {
        case .depth: "item \(item): depth map ignored"
        case .hdrGainMap: "item \(item): HDR gain map ignored (the SDR image is shown)"
        case .toneMap: "item \(item): 'tmap' HDR rendering ignored (its base image is shown)"
        case .auxiliary(let urn): "item \(item): auxiliary image '\(urn)' ignored"
        }
    }
}
