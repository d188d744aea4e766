@testable import AshlarImage

/// The HEVC picture decoder (`HEVCStillPictureDecoder`: parameter sets, slice headers, the coding
/// tree with intra prediction and reconstruction, deblocking, SAO) on an Annex B stream, pictures
/// of at most 256 × 256 luma samples (larger SPSs are refused before anything is allocated).
/// Promises: no trap; a decoded picture has the SPS's size and chroma layout, and every sample
/// lies within its bit depth.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    let units = HEVCNALUnit.annexB(bytes[...])
    guard !units.isEmpty else { return -1 }
    guard let result = try? HEVCStillPictureDecoder.decode(units, maximumSize: (256, 256)) else { return 0 }
    let sps = result.sps
    let picture = result.picture
    precondition(sps.width <= 256 && sps.height <= 256)
    precondition(picture.planes.count == (sps.chromaArrayType == 0 ? 1 : 3))
    let (subWidth, subHeight) = HEVCPicture.subsampling(chromaArrayType: sps.chromaArrayType)
    for (component, plane) in picture.planes.enumerated() {
        let width = component == 0 ? sps.width : (sps.width + subWidth - 1) / subWidth
        let height = component == 0 ? sps.height : (sps.height + subHeight - 1) / subHeight
        precondition(plane.width == width && plane.height == height)
        precondition(plane.samples.count == plane.stride * height)
        let limit = UInt16(1 << picture.bitDepth(component: component))
        precondition(plane.samples.allSatisfy { $0 < limit })
    }
    let coded = HEVCStillImageCodec.picture(picture, sps: sps)
    precondition(coded.width == sps.croppedWidth && coded.height == sps.croppedHeight)
    return 0
}
