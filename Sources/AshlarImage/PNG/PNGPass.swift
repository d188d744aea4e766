/// One pass of a PNG image: the whole image, or one of Adam7's seven sub-images.
struct PNGPass: Sendable, Equatable {
    var xStart: Int, yStart: Int, xStep: Int, yStep: Int
    /// The pass's size in pixels; zero when the image is too small to have pixels in it.
    var width: Int, height: Int

    /// Bytes in one of the pass's rows, without the filter byte.
    func rowBytes(bitsPerPixel: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// The passes with pixels, in the order the data holds them.
    static func passes(width: Int, height: Int, interlaced: Bool) -> [PNGPass] {
        guard interlaced else {
            return [PNGPass(xStart: 0, yStart: 0, xStep: 1, yStep: 1, width: width, height: height)]
        }
        let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return adam7.compactMap { xStart, yStart, xStep, yStep in
            let pass = PNGPass(
                xStart: xStart, yStart: yStart, xStep: xStep, yStep: yStep,
                width: (width - xStart + xStep - 1) / xStep, height: (height - yStart + yStep - 1) / yStep)
            return pass.width > 0 && pass.height > 0 ? pass : nil
        }
    }
}
