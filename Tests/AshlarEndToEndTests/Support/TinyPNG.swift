import Foundation

@testable import AshlarCore

/// Small, fully valid PNG files of a given size and colour, for fixture sites made on the fly.
enum TinyPNG {
    static func make(width: Int, height: Int, red: UInt8 = 200, green: UInt8 = 120, blue: UInt8 = 60) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for _ in 0..<height {
            raw.append(0) // filter: none
            for _ in 0..<width { raw += [red, green, blue] }
        }
        return Data(PNGFile.encode(width: width, height: height, bitDepth: 8, colourType: 2, scanlines: raw))
    }

    /// A PNG whose header states the given size but whose pixel data is empty: enough for
    /// Ashlar's header reader and for layout (the browser shows it as a broken image).
    static func headerOnly(width: Int, height: Int) -> Data {
        Data(PNGFile.encode(width: width, height: height, bitDepth: 8, colourType: 2, scanlines: nil))
    }
}
