@testable import AshlarImage

/// `Inflater` on arbitrary bytes as a raw deflate stream into a small buffer and as a zlib
/// stream under a limit, and `Deflater` round trips of the same bytes taken as data.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    var output = [UInt8](repeating: 0, count: 1 << 14)
    let result = bytes.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { Inflater.inflate(input, into: $0, zlib: false) }
    }
    require((0...output.count).contains(result.written), "wrote \(result.written) bytes")
    if result.status == .outputFull { require(result.written == output.count, "full before the end") }
    do {
        let inflated = try Inflater.decompress(zlib: bytes, limit: 1 << 16)
        require(inflated.count <= 1 << 16, "past the limit")
    } catch {
        require(!error.message.isEmpty, "an error without a message")
    }
    let compressed = Deflater.compress(zlib: bytes)
    require((try? Inflater.decompress(zlib: compressed, limit: bytes.count)) == bytes, "round trip fails")
    return 0
}
