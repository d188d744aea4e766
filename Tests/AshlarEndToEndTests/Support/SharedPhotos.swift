import AshlarImage
import AshlarTestSupport
import Foundation

/// The real camera photos of `../shared/photos` and `../shared/photos-mixed`, for the tests that
/// encode renditions of them.
enum SharedPhotos {
    /// Every JPEG of the folders that are there: folder by folder, by name.
    static func jpegs() throws -> [URL] {
        var photos: [URL] = []
        for folderName in ["photos", "photos-mixed"] where SharedMaterial.isAvailable(folderName) {
            let folder = SharedMaterial.folder(folderName)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".jpeg")
            }.sorted()
            photos += names.map { folder.appendingPathComponent($0) }
        }
        return photos
    }

    /// The photo in `bytes` decoded as a rendition source is: at the largest reduction that still
    /// leaves it at least `minimumWidth` pixels wide (or at full size when it is narrower).
    static func decode(_ bytes: [UInt8], atLeast minimumWidth: Int) throws -> PixelImage {
        let eighth = try JPEGDecoder.decode(bytes, scale: .eighth).image
        let scale = JPEGScale.largestReduction(
            width: eighth.width * 8, height: eighth.height * 8, covering: minimumWidth, targetHeight: 1)
        return try JPEGDecoder.decode(bytes, scale: scale).image
    }
}
