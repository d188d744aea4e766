import Foundation

/// The sRGB transfer curve as tables, for linear-light resampling.
enum TransferCurve {
    /// Encoded 8-bit sample → linear light, 0…32767.
    static let toLinear: [UInt16] = (0..<256).map { sample in
        UInt16((decode(Double(sample) / 255) * 32767).rounded())
    }

    /// Linear light, 0…32767 → the nearest encoded 8-bit sample.
    static let fromLinear: [UInt8] = (0..<32768).map { value in
        UInt8((encode(Double(value) / 32767) * 255).rounded())
    }

    static func decode(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    static func encode(_ value: Double) -> Double {
        value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }
}
