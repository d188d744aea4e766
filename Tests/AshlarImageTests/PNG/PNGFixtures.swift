import Foundation
import Testing

@testable import AshlarImage

/// The committed PNG and zlib fixtures (made by `Fixtures/png/make-fixtures.py`).
enum PNGFixtures {
    static let folder = TestFiles.fixtures.appendingPathComponent("png")

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
    }

    static func png(_ name: String) -> [UInt8] { bytes(name + ".png") }

    /// One line of `manifest.txt`: a fixture and the pixels Pillow decodes it to.
    struct Expectation: Sendable, CustomTestStringConvertible {
        var name: String
        var width: Int
        var height: Int
        var format: PixelFormat
        var testDescription: String { name }
    }

    static let manifest: [Expectation] = {
        let text = String(decoding: bytes("manifest.txt"), as: UTF8.self)
        let formats: [String: PixelFormat] = ["gray": .gray, "grayAlpha": .grayAlpha, "rgb": .rgb, "rgba": .rgba]
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]),
                let format = formats[fields[3]]
            else { return nil }
            return Expectation(name: fields[0], width: width, height: height, format: format)
        }
    }()
}
