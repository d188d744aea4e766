@testable import AshlarImage

/// `Inflater` on arbitrary bytes as a zlib and as a raw deflate stream into a small buffer, and
/// `Deflater` round trips of the same bytes taken as data.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    var output = [UInt8](repeating: 0, count: 1 << 16)
    for zlib in [true, false] {
        let result = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { Inflater.inflate(input, into: $0, zlib: zlib) }
        }
        require((0...output.count).contains(result.written), "wrote \(result.written) bytes")
        if result.status == .outputFull { require(result.written == output.count, "full before the end") }
    }
    if let inflated = try? Inflater.decompress(zlib: bytes, limit: 1 << 20) {
        require(inflated.count <= 1 << 20, "past the limit")
    }
    let compressed = Deflater.compress(zlib: bytes)
    require((try? Inflater.decompress(zlib: compressed, limit: bytes.count)) == bytes, "round trip fails")
    return 0
}
