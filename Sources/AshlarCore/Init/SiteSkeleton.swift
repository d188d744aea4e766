import Foundation

/// What `ashlar init` creates: `ashlar.json` with every key at its default, an example album
/// with one photo and a sidecar showing the keys a photo can have (unless the folder already
/// holds photos, which the example would be published beside), and (with `theme`) a copy of the
/// default theme in `templates/` to customise.
package struct SiteSkeleton: Sendable {
    package var includeTheme: Bool
    package var includeExampleAlbum: Bool

    package init(includeTheme: Bool, includeExampleAlbum: Bool = true) {
        self.includeTheme = includeTheme
        self.includeExampleAlbum = includeExampleAlbum
    }

    package static let exampleAlbum = "example-album"

    /// Every file, by path relative to the site folder, in the order they are created.
    package var files: [(path: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = [("ashlar.json", Array(Self.configurationJSON(SiteConfiguration()).utf8))]
        if includeExampleAlbum {
            files += [
                ("\(Self.exampleAlbum)/album.json", Array(Self.albumJSON.utf8)),
                ("\(Self.exampleAlbum)/example.png", PlaceholderImage.png()),
                ("\(Self.exampleAlbum)/example.png.json", Array(Self.sidecarJSON.utf8)),
            ]
        }
        if includeTheme {
            for (path, file) in Theme.builtIn.files.sorted(by: { $0.key < $1.key }) {
                files.append(("templates/" + path, file.bytes))
            }
        }
        return files
    }

    /// What happened to each file.
    package struct Outcome: Sendable {
        package var created: [String] = []
        /// Files that already existed and were left as they were.
        package var kept: [String] = []
    }

    /// Creates every file that does not exist yet under `folder` (created if needed). An existing
    /// file is never touched.
    package func write(into folder: URL) throws(BuildError) -> Outcome {
        var outcome = Outcome()
        for (path, bytes) in files {
            let target = folder.appendingPathComponent(path).path
            let parent = (target as NSString).deletingLastPathComponent
            if let code = FileSystem.makeFolders(parent) {
                throw BuildError(.io, path: parent, message: "cannot create the folder: \(SystemError.message(code))")
            }
            switch FileSystem.writeFile(bytes, to: target, exclusive: true) {
            case nil: break
            case EEXIST:
                outcome.kept.append(path)
                continue
            case let failure?:
                throw BuildError(.io, path: target, message: "cannot write: \(SystemError.message(failure))")
            }
            outcome.created.append(path)
        }
        return outcome
    }

    /// `ashlar.json` spelling out `configuration`, with `null` for keys that are unset.
    static func configurationJSON(_ configuration: SiteConfiguration) -> String {
        func text(_ value: String?) -> String {
            value.map { JSONText.serialize(.string($0)) } ?? "null"
        }
        let breakpoints = configuration.layout.breakpoints.map {
            "      { \"minWidth\": \(CSSNumber.format($0.minWidth)), \"columns\": \($0.columns) }"
        }
        // The theme's words the site replaces, by key: `{}` unless it replaces some.
        let replaced = configuration.wordOverrides.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\(text($0.key.rawValue)): \(text($0.value))" }
        let words = replaced.isEmpty ? "{}" : "{ " + replaced.joined(separator: ", ") + " }"
        func renditions(_ settings: RenditionSettings) -> String {
            guard settings.enabled else { return "false" }
            let widths = settings.widths.map { "[" + $0.map(String.init).joined(separator: ", ") + "]" } ?? "null"
            return "{ \"widths\": \(widths), \"quality\": \(settings.quality), \"maxWidth\": \(settings.maxWidth) }"
        }
        return """
            {
              "title": \(text(configuration.title)),
              "language": \(text(configuration.language)),
              "words": \(words),
              "dateFormat": {
                "date": \(text(configuration.datePatterns.date)),
                "time": \(text(configuration.datePatterns.time)),
                "dateTime": \(text(configuration.datePatterns.dateTime))
              },
              "description": \(text(configuration.description)),
              "author": \(text(configuration.author)),
              "copyright": \(text(configuration.copyright)),
              "baseURL": \(text(configuration.baseURL)),
              "images": \(text(configuration.images.rawValue)),
              "mediaBaseURL": \(text(configuration.mediaBaseURL)),
              "pageSize": \(configuration.pageSize),
              "sort": \(text(configuration.sort.description)),
              "minRating": \(configuration.minRating.map(String.init) ?? "null"),
              "showPlace": \(configuration.showPlace),
              "tags": \(configuration.tags),
              "script": \(configuration.script),
              "memory": \(text(configuration.memory.map(String.init))),
              "renditions": \(renditions(configuration.renditions)),
              "originals": \(text(configuration.renditions.originals.rawValue)),
              "metadata": \(text(configuration.renditions.metadata.rawValue)),
              "publishAsIs": [\(configuration.renditions.publishAsIs.map(\.rawValue).sorted().map(text).joined(separator: ", "))],
              "menu": [\(configuration.menu.map { text($0.rawValue) }.joined(separator: ", "))],
              "markdown": { "html": \(configuration.markdownHTML) },
              "icon": \(text(configuration.icon)),
              "layout": {
                "gap": \(CSSNumber.format(configuration.layout.gap)),
                "breakpoints": [
            \(breakpoints.joined(separator: ",\n"))
                ]
              }
            }

            """
    }

    static let albumJSON = """
        {
          "title": "Example album",
          "description": "Every folder is an album. Put photos here, each with an optional sidecar named after it (example.png.json).",
          "sort": "name",
          "hidden": false
        }

        """

    static let sidecarJSON = """
        {
          "title": "An example photo",
          "alt": "Diagonal bands in slate, mauve, sand and cream",
          "caption": "Replace this photo with your own; its sidecar shows the keys a photo can have.",
          "date": "2026-01-01T12:00:00",
          "tags": ["example"],
          "rating": 0,
          "make": null,
          "model": null,
          "lens": null,
          "focalLength": null,
          "focalLength35mm": null,
          "aperture": null,
          "exposure": null,
          "exposureCompensation": null,
          "iso": null,
          "creator": null,
          "rights": null,
          "license": null
        }

        """
}
