import Foundation

/// Reads the scanned source tree into albums and photos: reads sidecars and image headers,
/// merges them, checks them, and gives every album and photo its URL slug.
struct SourceReader {
    var paths: SitePaths
    var configuration: SiteConfiguration
    private(set) var diagnostics: [Diagnostic] = []

    init(paths: SitePaths, configuration: SiteConfiguration) {
        self.paths = paths
        self.configuration = configuration
    }

    /// Output names an album folder cannot take, because the site uses them itself.
    static let reservedSlugs: Set<String> = ["assets", "page"]

    mutating func readAlbums(_ root: SourceFolder) -> Album {
        readAlbum(root, outputPath: "", title: configuration.title)
    }

    private mutating func readAlbum(_ folder: SourceFolder, outputPath: String, title: String) -> Album {
        var album = Album(sourcePath: folder.relativePath, outputPath: outputPath, title: title)
        if folder.fileNames.contains("album.json") {
            readAlbumFile(folder.path(of: "album.json"), into: &album)
        }
        var taken = Self.reservedSlugs
        let (groups, unattributed) = PhotoFiles.group(fileNames: folder.fileNames)
        for (name, reason) in unattributed {
            diagnostics.append(.warning(reason, path: paths.display(folder.path(of: name))))
        }
        var photos: [Photo] = []
        for files in groups {
            if let photo = readPhoto(files, in: folder, albumOutput: outputPath, taken: &taken) {
                photos.append(photo)
            }
        }
        album.photos = photos.sorted { NaturalOrder.precedes($0.name, $1.name) }
        for subfolder in folder.subfolders.sorted(by: { NaturalOrder.precedes($0.name, $1.name) }) {
            let wanted = Slug.make(from: subfolder.name, fallback: "album")
            let slug = Slug.unique(wanted, taken: &taken)
            if slug != wanted {
                diagnostics.append(
                    .warning("album URL '\(wanted)' is taken; this album is published as '\(slug)'", path: paths.display(subfolder.relativePath)))
            }
            let childOutput = outputPath.isEmpty ? slug : outputPath + "/" + slug
            album.albums.append(readAlbum(subfolder, outputPath: childOutput, title: Self.title(fromFolderName: subfolder.name)))
        }
        return album
    }

    /// `summer_trip-2024` → `Summer trip 2024`.
    static func title(fromFolderName name: String) -> String {
        let spaced = name.map { $0 == "_" || $0 == "-" ? " " : $0 }
        let text = String(spaced).trimmingCharacters(in: .whitespaces)
        guard let first = text.first else { return name }
        return first.uppercased() + text.dropFirst()
    }

    private mutating func readAlbumFile(_ relative: String, into album: inout Album) {
        guard let bytes = readSmallFile(relative) else { return }
        let path = paths.display(relative)
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            diagnostics.append(.error(error.reason, path: path, at: SourceLocation(offset: error.offset, in: bytes)))
            return
        }
        guard let members = document.root.members else {
            diagnostics.append(.error("album.json must be a JSON object, found \(document.root.typeDescription)", path: path, at: document.location(of: document.root.offset)))
            return
        }
        for member in members {
            switch member.key {
            case "title", "description":
                guard let text = member.value.stringValue else {
                    diagnostics.append(.error("'\(member.key)' must be a string, found \(member.value.typeDescription)", path: path, at: document.location(of: member.value.offset), key: member.key))
                    continue
                }
                if member.key == "title" { album.title = text } else { album.description = text }
            default:
                var message = "'\(member.key)' is not an album key"
                if let suggestion = Suggestion.closest(to: member.key, among: ["title", "description"]) {
                    message += "; did you mean '\(suggestion)'?"
                }
                diagnostics.append(.warning(message, path: path, at: document.location(of: member.keyOffset), key: member.key))
            }
        }
    }

    /// Reads a file of at most `Sidecar.maximumSize` bytes; reports and returns nil otherwise.
    private mutating func readSmallFile(_ relative: String) -> [UInt8]? {
        let path = paths.display(relative)
        guard let handle = FileHandle(forReadingAtPath: paths.sourceFile(relative)) else {
            diagnostics.append(.error("cannot read the file", path: path))
            return nil
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: Sidecar.maximumSize + 1) ?? Data()
            if let tooLarge = Sidecar.sizeDiagnostic(byteCount: data.count, path: path) {
                diagnostics.append(tooLarge)
                return nil
            }
            return [UInt8](data)
        } catch {
            diagnostics.append(.error("cannot read the file: \(SourceScanner.reason(error))", path: path))
            return nil
        }
    }

    private mutating func readPhoto(
        _ files: PhotoFiles, in folder: SourceFolder, albumOutput: String, taken: inout Set<String>
    ) -> Photo? {
        var metadata = PhotoMetadata()
        var failed = false
        let sidecars = files.jsonSidecars + files.xmpSidecars
        for sidecar in sidecars {
            let relative = folder.path(of: sidecar)
            guard let bytes = readSmallFile(relative) else {
                failed = true
                continue
            }
            let reading = Sidecar.read(bytes, path: paths.display(relative), language: configuration.language)
            diagnostics += reading.diagnostics
            if reading.hasErrors { failed = true }
            metadata = metadata.merged(over: reading.metadata)
        }
        if failed { return nil }
        let primary = folder.path(of: sidecars.first ?? files.name)
        let image: ImageLocation
        let sourcePath: String?
        if let imageName = files.imageName {
            sourcePath = folder.path(of: imageName)
            image = .output(albumOutput.isEmpty ? imageName : albumOutput + "/" + imageName)
        } else {
            guard let src = metadata.src else {
                diagnostics.append(.warning("sidecar with no image beside it and no 'src'; skipped", path: paths.display(primary)))
                return nil
            }
            guard let location = resolve(src: src, folder: folder, sidecar: primary, albumOutput: albumOutput) else { return nil }
            (sourcePath, image) = location
        }
        guard let size = metadata.displaySize else {
            let missing = metadata.width == nil ? "width" : "height"
            diagnostics.append(.error("'\(missing)' is missing, so the photo cannot be laid out; skipped", path: paths.display(primary), key: missing))
            return nil
        }
        let base = PhotoFiles.baseName(of: files.name)
        let wanted = Slug.make(from: files.imageName == nil ? PhotoFiles.baseName(of: base) : base, fallback: "photo")
        let slug = Slug.unique(wanted, taken: &taken)
        if slug != wanted {
            diagnostics.append(.warning("photo URL '\(wanted)' is taken; this photo is published as '\(slug)'", path: paths.display(primary)))
        }
        return Photo(
            sourcePath: sourcePath, image: image, primaryPath: primary, name: files.name, slug: slug,
            metadata: metadata, width: size.width, height: size.height)
    }

    /// A sidecar's `src`: an `http(s)` URL, or a path inside the source tree.
    private mutating func resolve(
        src: String, folder: SourceFolder, sidecar: String, albumOutput: String
    ) -> (String?, ImageLocation)? {
        let path = paths.display(sidecar)
        let lowered = src.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: src), url.host?.isEmpty == false else {
                diagnostics.append(.error("'src' is not a valid URL: \"\(src.prefix(200))\"", path: path, key: "src"))
                return nil
            }
            return (nil, .remote(src))
        }
        if lowered.contains(":") || src.hasPrefix("/") || src.hasPrefix("\\") {
            diagnostics.append(.error("'src' must be an http(s) URL or a path inside the source folder, found \"\(src.prefix(200))\"", path: path, key: "src"))
            return nil
        }
        var components: [Substring] = folder.relativePath.isEmpty ? [] : folder.relativePath.split(separator: "/")
        for component in src.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else {
                    diagnostics.append(.error("'src' leads outside the source folder: \"\(src.prefix(200))\"", path: path, key: "src"))
                    return nil
                }
                components.removeLast()
            default: components.append(component)
            }
        }
        let relative = components.joined(separator: "/")
        let absolute = paths.sourceFile(relative)
        let root = SourceScanner.realPath(paths.source.path) ?? paths.source.path
        guard let real = SourceScanner.realPath(absolute) else {
            diagnostics.append(.error("'src' names a file that does not exist: \"\(src.prefix(200))\"", path: path, key: "src"))
            return nil
        }
        guard real.hasPrefix(root + "/") else {
            diagnostics.append(.error("'src' leads outside the source folder: \"\(src.prefix(200))\"", path: path, key: "src"))
            return nil
        }
        let name = components.last.map(String.init) ?? relative
        return (relative, .output(albumOutput.isEmpty ? name : albumOutput + "/" + name))
    }
}
