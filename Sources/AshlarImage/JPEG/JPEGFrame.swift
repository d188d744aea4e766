/// The frame header (SOF) and what other markers say about how to read its samples.
struct JPEGFrame: Sendable {
    struct Component: Sendable {
        var id: Int
        var h: Int
        var v: Int
        var quantTable: Int
    }

    /// How the decoded components become RGB or grey.
    enum ColorTransform: Sendable, Equatable {
        case gray
        case ycbcr
        case rgb
        case cmyk
        case ycck
    }

    var width: Int
    var height: Int
    var isProgressive: Bool
    var components: [Component]

    var maxH: Int { components.reduce(1) { max($0, $1.h) } }
    var maxV: Int { components.reduce(1) { max($0, $1.v) } }
    /// MCUs across and down an interleaved scan (the padded block grid of every component).
    var mcusX: Int { (width + 8 * maxH - 1) / (8 * maxH) }
    var mcusY: Int { (height + 8 * maxV - 1) / (8 * maxV) }

    /// Blocks across and down that hold pixels of component `c` (a non-interleaved scan's grid).
    func blocksX(_ c: Int) -> Int { (width * components[c].h + 8 * maxH - 1) / (8 * maxH) }
    func blocksY(_ c: Int) -> Int { (height * components[c].v + 8 * maxV - 1) / (8 * maxV) }

    /// The blocks a scan of `scanComponents` (indexes into `components`) decodes, each once: a
    /// scan of one component, the blocks that hold its pixels; an interleaved scan, every block
    /// of its components' MCUs (`JPEGDecodeContext`'s loops visit exactly these).
    func blocks(inScanOf scanComponents: [Int]) -> Int {
        if scanComponents.count == 1, let c = scanComponents.first { return blocksX(c) * blocksY(c) }
        return mcusX * mcusY * scanComponents.reduce(0) { $0 + components[$1].h * components[$1].v }
    }
}
