import Foundation

extension CatalogBuilder {
    /// A sidecar's `src` (or a rendition's): an `http(s)` URL, or a path inside the source tree.
    /// Returns the source path (nil for a URL) and where the browser finds the image.
    func resolve(
        src: String, folder: SourceFolder, sidecar: String, albumOutput: String, key: String,
        diagnostics: inout [Diagnostic]
    ) -> (String?, ImageLocation)? {
        func fail(_ message: String) -> (String?, ImageLocation)? {
            diagnostics.append(
                .error(
                    message.replacingOccurrences(of: "'src'", with: "'\(key)'"), path: source.display(sidecar),
                    key: key))
            return nil
        }
        let lowered = src.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: src), url.host?.isEmpty == false else {
                return fail("'src' is not a valid URL: \"\(src.prefix(200))\"")
            }
            return (nil, .remote(src))
        }
        if lowered.contains(":") || src.hasPrefix("/") || src.contains("\\") || src.contains("\0") {
            return fail("'src' must be an http(s) URL or a path inside the source folder, found \"\(src.prefix(200))\"")
        }
        var components: [Substring] = folder.relativePath.isEmpty ? [] : folder.relativePath.split(separator: "/")
        for component in src.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else {
                    return fail("'src' leads outside the source folder: \"\(src.prefix(200))\"")
                }
                components.removeLast()
            default: components.append(component)
            }
        }
        let relative = components.joined(separator: "/")
        switch source.whereLeads(relative) {
        case .missing: return fail("'src' names a file that does not exist: \"\(src.prefix(200))\"")
        case .outside: return fail("'src' leads outside the source folder: \"\(src.prefix(200))\"")
        case .inside: break
        }
        let name = components.last.map(String.init) ?? relative
        return (relative, publishedLocation(of: relative, name: name, albumOutput: albumOutput))
    }

    /// Where the browser finds a local image: copied beside its album's page, or — with
    /// `images: reference` — at `mediaBaseURL`, or back in the source folder.
    func publishedLocation(of sourcePath: String, name: String, albumOutput: String) -> ImageLocation {
        switch settings.publishing {
        case .copy: .output(albumOutput.isEmpty ? name : albumOutput + "/" + name)
        case .remote(let base): .remote(base + URLPath.encodePath(sourcePath))
        case .referenced(let sourceFromOutput): .referenced(sourceFromOutput + sourcePath)
        }
    }
}
