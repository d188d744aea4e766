/// A photo's colours in a few bytes, for a page to show while the photo loads: the mean colour of
/// its top, middle and bottom thirds, each averaged in linear light (as the eye adds light up) and
/// encoded back to 8-bit sRGB-style values. Made from the smallest rendition, so it costs next to
/// nothing; none for a photo with alpha, whose transparent parts would show it once loaded.
public struct ColourPlaceholder: Sendable, Equatable {
    /// One colour: red, green and blue, 0–255, as the photo's pixels encode them.
    public struct Colour: Sendable, Equatable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb`, lowercase.
        public var hex: String {
            let digits = Array("0123456789abcdef".utf8)
            var bytes: [UInt8] = [UInt8(ascii: "#")]
            for value in [red, green, blue] {
                bytes += [digits[Int(value >> 4)], digits[Int(value & 15)]]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Reads `#rrggbb` (lowercase hex digits, as ``hex`` writes it); nil for anything else.
        public init?(hex text: Substring) {
            let bytes = Array(text.utf8)
            guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
            var values: [UInt8] = []
            for pair in stride(from: 1, to: 7, by: 2) {
                guard let high = Self.digit(bytes[pair]), let low = Self.digit(bytes[pair + 1]) else { return nil }
                values.append(high << 4 | low)
            }
            self.init(red: values[0], green: values[1], blue: values[2])
        }

        private static func digit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
    }

    /// Top to bottom: one to three colours.
    public var colours: [Colour]

    /// Between one and three colours; nil otherwise.
    public init?(colours: [Colour]) {
        guard (1...3).contains(colours.count) else { return nil }
        self.colours = colours
    }

    /// The placeholder of `image`; nil for an image with alpha or without pixels.
    public init?(of image: PixelImage) {
        guard !image.format.hasAlpha, image.width > 0, image.height > 0 else { return nil }
        let channels = image.format.channels
        var colours: [Colour] = []
        for third in 0..<3 {
            let top = image.height * third / 3
            let bottom = max(top + 1, image.height * (third + 1) / 3)
            var sums = [0, 0, 0]
            for y in top..<min(bottom, image.height) {
                var index = y * image.rowBytes
                for _ in 0..<image.width {
                    for channel in 0..<3 {
                        sums[channel] += Int(
                            TransferCurve.toLinear[Int(image.pixels[index + min(channel, channels - 1)])])
                    }
                    index += channels
                }
            }
            let count = (min(bottom, image.height) - top) * image.width
            let mean = sums.map { TransferCurve.fromLinear[min(32767, ($0 + count / 2) / count)] }
            colours.append(Colour(red: mean[0], green: mean[1], blue: mean[2]))
        }
        // Thirds that look alike (within 2 levels a channel) are one colour.
        let first = colours[0]
        let alike = colours.allSatisfy { colour in
            abs(Int(colour.red) - Int(first.red)) <= 2 && abs(Int(colour.green) - Int(first.green)) <= 2
                && abs(Int(colour.blue) - Int(first.blue)) <= 2
        }
        self.colours = alike ? [colours[1]] : colours
    }

    /// As CSS: `#rrggbb` for one colour, else `linear-gradient(#…,#…,#…)`, top to bottom.
    public var css: String {
        colours.count == 1
            ? colours[0].hex : "linear-gradient(" + colours.map(\.hex).joined(separator: ",") + ")"
    }
}
