/// What a build leaves in the output folder about itself: `OUTPUT/.ashlar-manifest.json`, only
/// the list of files Ashlar wrote there, so a later build knows what it may replace and remove.
/// It names nothing of the machine that built the site (no source paths, times or diagnostics)
/// and is the same for the same site, since a deploy tool that copies dotfiles publishes it. The
/// rest of the build's bookkeeping (`BuildManifest`) is kept outside the site, by
/// `BuildStateStore`; `build` names the state that describes this folder
/// (`BuildManifest.outputName`), so state another build left is not taken for it.
package enum OutputMarker {
    static let formatVersion = 2

    package static func bytes(files: some Sequence<String>, build: String? = nil) -> [UInt8] {
        var text: [UInt8] = Array("{\n  \"ashlar\": \(formatVersion),\n".utf8)
        if let build {
            text += "  \"build\": ".utf8
            BuildManifest.appendQuoted(build, to: &text)
            text += ",\n".utf8
        }
        text += "  \"files\": [".utf8
        let sorted = files.sorted { FileNameOrder.precedes($0, $1) }
        for (index, path) in sorted.enumerated() {
            text += (index == 0 ? "\n    " : ",\n    ").utf8
            BuildManifest.appendQuoted(path, to: &text)
        }
        text += (sorted.isEmpty ? "]\n}\n" : "\n  ]\n}\n").utf8
        return text
    }

    /// What a marker says: the files it lists and the build it names.
    package struct Contents: Sendable, Equatable {
        package var files: [String]
        /// The state that describes the folder (`BuildManifest.outputName`); nil for a marker
        /// written before there were names.
        package var build: String?
    }

    /// The files a marker lists; nil for anything that is not a marker.
    package static func read(_ bytes: [UInt8]) -> [String]? {
        contents(bytes)?.files
    }

    /// A marker's files and build, in one reading; nil for anything that is not a marker. Unsafe
    /// paths make the whole marker unreadable (then the folder is treated as not written by
    /// Ashlar).
    package static func contents(_ bytes: [UInt8]) -> Contents? {
        guard let document = try? JSONDocument(bytes: bytes),
            document.root["ashlar"]?.numberValue == Double(formatVersion),
            let items = document.root["files"]?.arrayValue
        else { return nil }
        var files: [String] = []
        files.reserveCapacity(items.count)
        for item in items {
            guard let path = item.stringValue, RelativePath.isSafe(path), path != BuildManifest.fileName else {
                return nil
            }
            files.append(path)
        }
        return Contents(files: files, build: document.root["build"]?.stringValue)
    }
}
