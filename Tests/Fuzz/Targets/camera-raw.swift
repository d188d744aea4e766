import AshlarImage

@testable import AshlarCore

/// Where a camera RAW's embedded JPEG previews lie: `CameraRAW.previews` (TIFF-based RAWs, RW2,
/// ORF, RAF) and the CR3 box walk (`ImageHeaderReader.cr3Structure`), on the file's first bytes
/// and a file size the first byte stretches; every range lies inside the file, largest first.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    let fileSize = bytes.count + Int(bytes.first ?? 0) * 4096
    let previews = CameraRAW.previews(in: bytes, fileSize: fileSize)
    let cr3 = ImageHeaderReader.cr3Structure(ByteWindow(bytes), fileSize: fileSize)
    for ranges in [previews.ranges, cr3.previews] {
        for range in ranges { require(range.lowerBound > 0 && range.upperBound <= fileSize, "range \(range)") }
        require(zip(ranges, ranges.dropFirst()).allSatisfy { $0.count >= $1.count }, "not largest first")
    }
    if let orientation = previews.orientation { require((1...8).contains(orientation), "orientation \(orientation)") }
    return 0
}
