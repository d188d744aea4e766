import Foundation

extension SSIMULACRA2 {
    /// Three planes of 32-bit samples, row by row, as the reference keeps them.
    struct Planes {
        let width: Int
        let height: Int
        var channels: [[Float]]

        init(width: Int, height: Int, channels: [[Float]]) {
            self.width = width
            self.height = height
            self.channels = channels
        }

        init(width: Int, height: Int) {
            self.init(
                width: width, height: height,
                channels: Array(repeating: [Float](repeating: 0, count: width * height), count: 3))
        }

        /// Sample by sample, `self × other`.
        func product(_ other: Planes) -> Planes {
            Planes(
                width: width, height: height,
                channels: (0..<3).map { channel in
                    zip(channels[channel], other.channels[channel]).map { $0 * $1 }
                })
        }
    }

    /// Linear-light RGB, 0…1: what the scales are made from.
    struct LinearImage {
        var planes: Planes

        /// `image`'s encoded sRGB samples made linear; gray is taken as R = G = B, and alpha, when
        /// there is some, is composited over `background` (encoded, 0…1) first.
        init(_ image: PixelImage, background: Double) {
            let count = image.width * image.height
            let channels = image.format.channels
            let colours = image.format == .gray || image.format == .grayAlpha ? 1 : 3
            var planes = Planes(width: image.width, height: image.height)
            for channel in 0..<3 {
                let source = colours == 1 ? 0 : channel
                var plane = [Float](repeating: 0, count: count)
                if image.format.hasAlpha {
                    for index in 0..<count {
                        let alpha = Double(image.pixels[index * channels + channels - 1]) / 255
                        let value = Double(image.pixels[index * channels + source]) / 255
                        plane[index] = Float(TransferCurve.decode(alpha * value + (1 - alpha) * background))
                    }
                } else {
                    let table = LinearImage.table
                    for index in 0..<count {
                        plane[index] = table[Int(image.pixels[index * channels + source])]
                    }
                }
                planes.channels[channel] = plane
            }
            self.planes = planes
        }

        init(planes: Planes) {
            self.planes = planes
        }

        static let table: [Float] = (0..<256).map { Float(TransferCurve.decode(Double($0) / 255)) }

        /// Half the size, rounded up: each sample the mean of a 2×2 box, the last row and column
        /// repeated when the size is odd.
        func halved() -> LinearImage {
            let width = planes.width
            let height = planes.height
            var output = Planes(width: (width + 1) / 2, height: (height + 1) / 2)
            for channel in 0..<3 {
                let input = planes.channels[channel]
                var plane = [Float](repeating: 0, count: output.width * output.height)
                for outY in 0..<output.height {
                    let y0 = outY * 2
                    let y1 = min(y0 + 1, height - 1)
                    for outX in 0..<output.width {
                        let x0 = outX * 2
                        let x1 = min(x0 + 1, width - 1)
                        var sum: Float = input[y0 * width + x0]
                        sum += input[y0 * width + x1]
                        sum += input[y1 * width + x0]
                        sum += input[y1 * width + x1]
                        plane[outY * output.width + outX] = sum * 0.25
                    }
                }
                output.channels[channel] = plane
            }
            return LinearImage(planes: output)
        }

        /// XYB through libjxl's opsin absorbance (a mix of cone responses, a bias, a cube root),
        /// rescaled as SSIMULACRA2 does to about 0…1: X × 14 + 0.42, Y + 0.01, B − Y + 0.55.
        func positiveXYB() -> Planes {
            let matrix: [Float] = [
                0.30, 0.622, 0.078,
                0.23, 0.692, 0.078,
                0.24342268924547819, 0.20476744424496821, 0.55180986650955360,
            ]
            let bias: Float = 0.0037930732552754493
            let biasRoot = cbrt(bias)
            let count = planes.width * planes.height
            var output = Planes(width: planes.width, height: planes.height)
            let red = planes.channels[0]
            let green = planes.channels[1]
            let blue = planes.channels[2]
            var x = [Float](repeating: 0, count: count)
            var y = [Float](repeating: 0, count: count)
            var b = [Float](repeating: 0, count: count)
            for index in 0..<count {
                let r = red[index]
                let g = green[index]
                let bl = blue[index]
                let mixed0 = cbrt(max(matrix[0] * r + matrix[1] * g + matrix[2] * bl + bias, 0)) - biasRoot
                let mixed1 = cbrt(max(matrix[3] * r + matrix[4] * g + matrix[5] * bl + bias, 0)) - biasRoot
                let mixed2 = cbrt(max(matrix[6] * r + matrix[7] * g + matrix[8] * bl + bias, 0)) - biasRoot
                let opsinX = 0.5 * (mixed0 - mixed1)
                let opsinY = 0.5 * (mixed0 + mixed1)
                x[index] = opsinX * 14 + 0.42
                y[index] = opsinY + 0.01
                b[index] = (mixed2 - opsinY) + 0.55
            }
            output.channels = [x, y, b]
            return output
        }
    }
}
