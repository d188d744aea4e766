import AshlarImage
import Foundation

extension SiteSkeleton {
    /// Whether `folder` already holds photos or videos (any file a build publishes or names,
    /// HEIC and RAW included) within `depth` levels, leaving out hidden folders, `_site` and
    /// `templates`: then `init` adds no example album, which would be published beside them.
    /// At most `limit` entries are looked at; past that the folder is taken to hold photos.
    package static func holdsPhotos(_ folder: URL, depth: Int = 3, limit: Int = 20_000) -> Bool {
        let media =
            PhotoFiles.imageExtensions.union(Video.fileExtensions)
            .union(CameraRAW.fileExtensions)
        var seen = 0
        func walk(_ path: String, _ level: Int) -> Bool {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
            var folders: [String] = []
            for name in names where !name.hasPrefix(".") {
                seen += 1
                if seen > limit { return true }
                if media.contains(PhotoFiles.fileExtension(of: name)) { return true }
                folders.append(name)
            }
            guard level < depth else { return false }
            for name in folders where !(level == 0 && (name == "_site" || name == "templates")) {
                var isFolder: ObjCBool = false
                let child = (path as NSString).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue,
                    walk(child, level + 1)
                {
                    return true
                }
            }
            return false
        }
        return walk(folder.path, 0)
    }
}
