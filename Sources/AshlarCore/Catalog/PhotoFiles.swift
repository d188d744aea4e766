import AshlarImage

/// The files of one photo in a folder: the image, its sidecars, its renditions. Found by name
/// alone, before anything is read.
package struct PhotoFiles: Sendable, Equatable {
    /// The image file's name, or nil for a sidecar-only photo (hosted elsewhere, or via `src`).
    package var imageName: String?
    /// JSON sidecars, strongest first: `NAME.EXT.json`, then `NAME.json`.
    package var jsonSidecars: [String] = []
    /// XMP sidecars, strongest first: `NAME.EXT.xmp`, then `NAME.xmp`.
    package var xmpSidecars: [String] = []
    /// Smaller copies found by the naming convention `NAME@800w.EXT`.
    package var renditions: [String] = []
    /// For a video, the image of the same name beside it (an iPhone Live Photo's still), which
    /// is its poster and not a photo of its own.
    package var posterName: String?

    package init(imageName: String?) {
        self.imageName = imageName
    }

    /// The name the photo is known by: its image, or its first sidecar.
    package var name: String {
        imageName ?? jsonSidecars.first ?? xmpSidecars.first ?? ""
    }

    /// The image extensions Ashlar treats as photos (compared case-insensitively).
    package static let imageExtensions = ImageFormat.allFileExtensions

    /// Whether `name` is a HEIC or HEIF file, by its extension.
    static func isHEIC(_ name: String) -> Bool {
        ImageFormat.heic.fileExtensions.contains(fileExtension(of: name))
    }

    /// Groups a folder's file names into photos. `album.json` is not a photo. A camera RAW
    /// alone is a photo (published from its embedded preview); beside an image of the same name
    /// (in any case) it is that photo's original, as is a HEIC file. Returns the photos in
    /// file-name order, the names that could not be attributed unambiguously with a reason each,
    /// and the files that are not published, with why.
    package static func group(fileNames: [String]) -> (
        photos: [PhotoFiles], unattributed: [(name: String, reason: String)], unpublished: [UnpublishedFile]
    ) {
        let names = Set(fileNames)
        var images: [String] = []
        var renditionsByImage: [String: [String]] = [:]
        var imagesByBase: [String: [String]] = [:]
        for name in fileNames where imageExtensions.contains(fileExtension(of: name)) {
            if let original = renditionOriginal(of: name), names.contains(original) {
                renditionsByImage[original, default: []].append(name)
                continue
            }
            images.append(name)
            imagesByBase[baseName(of: name), default: []].append(name)
        }
        // A HEIC beside another image of the same name (in any case) is that photo's original.
        let otherBases = Set(images.filter { !isHEIC($0) }.map { baseName(of: $0).lowercased() })
        for name in images where isHEIC(name) && otherBases.contains(baseName(of: name).lowercased()) {
            images.removeAll { $0 == name }
            imagesByBase[baseName(of: name)]?.removeAll { $0 == name }
            if imagesByBase[baseName(of: name)]?.isEmpty == true { imagesByBase[baseName(of: name)] = nil }
        }
        let imageBases = Set(images.map { baseName(of: $0).lowercased() })
        var unpublished: [UnpublishedFile] = []
        for name in fileNames where !imageExtensions.contains(fileExtension(of: name)) {
            let ext = fileExtension(of: name)
            if ext == "json" || ext == "xmp" { continue }
            let besideImage = imageBases.contains(baseName(of: name).lowercased())
            if CameraRAW.fileExtensions.contains(ext) {
                // Beside its JPEG, a RAW is that photo's original; alone, it is the photo.
                if besideImage { continue }
                images.append(name)
                imagesByBase[baseName(of: name), default: []].append(name)
            } else if Video.fileExtensions.contains(ext) {
                images.append(name)
                imagesByBase[baseName(of: name), default: []].append(name)
            } else if UnpublishedFile.videoExtensions.contains(ext) {
                unpublished.append(UnpublishedFile(name: name, reason: .video))
            } else if UnpublishedFile.isDocument(name) {
                // Credits, licences, notes: not photos.
                continue
            } else {
                unpublished.append(UnpublishedFile(name: name, reason: .other))
            }
        }
        let posters = pairPosters(images: &images, imagesByBase: &imagesByBase)
        var used = Set(images).union(posters.values)
        for list in renditionsByImage.values { used.formUnion(list) }
        var unattributed: [(String, String)] = []
        var photos: [PhotoFiles] = []
        for image in images {
            var files = PhotoFiles(imageName: image)
            files.posterName = posters[image]
            files.renditions = (renditionsByImage[image] ?? []).sorted(by: FileNameOrder.precedes)
            let base = baseName(of: image)
            let shared = (imagesByBase[base]?.count ?? 0) > 1
            for (list, suffix) in [(\PhotoFiles.jsonSidecars, "json"), (\PhotoFiles.xmpSidecars, "xmp")] {
                let exact = image + "." + suffix
                if names.contains(exact) {
                    files[keyPath: list].append(exact)
                    used.insert(exact)
                }
                let loose = base + "." + suffix
                if names.contains(loose), !shared {
                    files[keyPath: list].append(loose)
                    used.insert(loose)
                }
            }
            photos.append(files)
        }
        for name in fileNames where !used.contains(name) {
            let ext = fileExtension(of: name)
            guard ext == "json" || ext == "xmp", name != "album.json" else { continue }
            let base = baseName(of: name)
            if let sharing = imagesByBase[base], sharing.count > 1 {
                unattributed.append(
                    (
                        name,
                        "'\(name)' could belong to \(sharing.map { "'\($0)'" }.joined(separator: " or ")); name it after one image, as '\(sharing[0]).\(ext)'"
                    ))
                continue
            }
            if ext == "xmp" {
                unattributed.append((name, "XMP sidecar with no image beside it"))
                continue
            }
            var files = PhotoFiles(imageName: nil)
            files.jsonSidecars = [name]
            photos.append(files)
        }
        // Names come sorted from the scanner, so this is usually a check: n comparisons, not n log n.
        let isSorted = zip(photos, photos.dropFirst()).allSatisfy { !FileNameOrder.precedes($1.name, $0.name) }
        if !isSorted { photos.sort { FileNameOrder.precedes($0.name, $1.name) } }
        return (photos, unattributed, unpublished)
    }

    /// Pairs each video with the image of the same base name (compared case-insensitively), which
    /// becomes its poster and leaves the photos: `IMG_1.MOV` and `IMG_1.JPG` are one item.
    /// Returns the posters by video name.
    static func pairPosters(images: inout [String], imagesByBase: inout [String: [String]]) -> [String: String] {
        let videos = images.filter { Video.fileExtensions.contains(fileExtension(of: $0)) }
        guard !videos.isEmpty else { return [:] }
        var stills: [String: String] = [:]
        for image in images where ImageFormat(fileExtension: fileExtension(of: image)) != nil {
            stills[baseName(of: image).lowercased()] = stills[baseName(of: image).lowercased()] ?? image
        }
        var posters: [String: String] = [:]
        for video in videos {
            let base = baseName(of: video).lowercased()
            guard let still = stills[base] else { continue }
            stills[base] = nil
            posters[video] = still
        }
        let taken = Set(posters.values)
        images.removeAll { taken.contains($0) }
        for still in taken { imagesByBase[baseName(of: still)]?.removeAll { $0 == still } }
        return posters
    }

    /// The lowercased extension after the last dot (`JPG` → `jpg`); empty for none or a leading dot.
    static func fileExtension(of name: String) -> String {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return "" }
        let ext = name[name.utf8.index(after: dot)...]
        return ext.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
            ? ext.lowercased() : String(ext)
    }

    /// The name without its last extension.
    static func baseName(of name: String) -> String {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return name }
        return String(name[..<dot])
    }

    /// For `NAME@800w.EXT`, the original's name `NAME.EXT`.
    static func renditionOriginal(of name: String) -> String? {
        guard Rendition.width(fromName: name) != nil, let at = name.lastIndex(of: "@"),
            let dot = name.lastIndex(of: "."), at < dot
        else { return nil }
        return String(name[..<at]) + name[dot...]
    }
}
