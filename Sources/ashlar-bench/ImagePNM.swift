import AshlarImage
import Foundation

/// Netpbm files (P5 grey, P6 RGB, P7 with alpha): how `ashlar-bench images resize` exchanges raw
/// pixels with Pillow and djpeg, which both read and write them.
enum ImagePNM {
    static func read(_ path: String) throws -> PixelImage {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var index = 0
        func token() -> String {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count && bytes[index] != 10 { index += 1 }
                } else if bytes[index] <= 32 {
                    index += 1
                } else {
                    break
                }
            }
            let start = index
            while index < bytes.count && bytes[index] > 32 { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        let magic = token()
        var width = 0
        var height = 0
        var depth = 0
        switch magic {
        case "P5", "P6":
            width = Int(token()) ?? 0
            height = Int(token()) ?? 0
            _ = token()
            depth = magic == "P5" ? 1 : 3
        case "P7":
            while true {
                let key = token()
                if key == "ENDHDR" || key.isEmpty { break }
                let value = token()
                switch key {
                case "WIDTH": width = Int(value) ?? 0
                case "HEIGHT": height = Int(value) ?? 0
                case "DEPTH": depth = Int(value) ?? 0
                default: break
                }
            }
        default:
            throw ImageBenchmarkError("\(path): not a binary PGM, PPM or PAM file")
        }
        index += 1
        let formats: [Int: PixelFormat] = [1: .gray, 2: .grayAlpha, 3: .rgb, 4: .rgba]
        guard let format = formats[depth], width > 0, height > 0,
            bytes.count - index >= width * height * depth
        else { throw ImageBenchmarkError("\(path): bad or truncated header") }
        return PixelImage(
            width: width, height: height, format: format,
            pixels: Array(bytes[index..<index + width * height * depth]))
    }

    static func write(_ image: PixelImage, to path: String) throws {
        let header: String
        switch image.format {
        case .gray: header = "P5\n\(image.width) \(image.height)\n255\n"
        case .rgb: header = "P6\n\(image.width) \(image.height)\n255\n"
        case .grayAlpha, .rgba:
            let type = image.format == .rgba ? "RGB_ALPHA" : "GRAYSCALE_ALPHA"
            header =
                "P7\nWIDTH \(image.width)\nHEIGHT \(image.height)\nDEPTH \(image.format.channels)\n"
                + "MAXVAL 255\nTUPLTYPE \(type)\nENDHDR\n"
        }
        try Data(Array(header.utf8) + image.pixels).write(to: URL(fileURLWithPath: path))
    }
}
