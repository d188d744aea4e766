@testable import AshlarCore

/// The PNG header reader, through `ImageHeaderReader.read` as the build calls it; inputs that do
/// not start like a PNG file are refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzImageHeader(fuzzInput(data, count), format: .png)
}
