@testable import AshlarImage

/// The SIMD inverse DCTs (`JPEGIDCT.transform` at 8×8 and 4×4) against the plain scalar ones of
/// `Tests/AshlarImageTests/JPEG/ReferenceIDCT.swift`, sample for sample. The input is one byte whose
/// low bit picks the size, 64 coefficients (Int16) and 64 quantiser entries (UInt16), little
/// endian; missing bytes are zero.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    func word(_ index: Int) -> UInt16 {
        let at = 1 + 2 * index
        let low = at < bytes.count ? UInt16(bytes[at]) : 0
        let high = at + 1 < bytes.count ? UInt16(bytes[at + 1]) : 0
        return high << 8 | low
    }
    let size = (bytes.first ?? 0) & 1 == 0 ? 8 : 4
    let coefficients = (0..<64).map { Int16(bitPattern: word($0)) }
    let quant = (0..<64).map { Int32(word(64 + $0)) }
    let stride = size + 3
    var out = [UInt8](repeating: 0xA5, count: stride * size)
    var workspace = [Int32](repeating: 0, count: 64)
    coefficients.withUnsafeBufferPointer { coef in
        quant.withUnsafeBufferPointer { quant in
            out.withUnsafeMutableBufferPointer { out in
                workspace.withUnsafeMutableBufferPointer { workspace in
                    guard let coef = coef.baseAddress, let quant = quant.baseAddress, let out = out.baseAddress,
                        let workspace = workspace.baseAddress
                    else { return }
                    JPEGIDCT.transform(size: size, coef, quant, out, stride, workspace)
                }
            }
        }
    }
    let samples = (0..<size).flatMap { y in out[(y * stride)..<(y * stride + size)] }
    let expected =
        size == 8 ? ReferenceIDCT.islow(coefficients, quant) : ReferenceIDCT.idct4x4(coefficients, quant)
    require(samples == expected, "size \(size): \(samples) instead of \(expected) for \(coefficients) × \(quant)")
    for y in 0..<size {
        require(out[(y * stride + size)..<(y * stride + stride)].allSatisfy { $0 == 0xA5 }, "row \(y) overran")
    }
    return 0
}
