/// What Ashlar wrote into an output folder: each file's content hash (or, for a copied image, the
/// source's stamp), the fingerprint of the inputs, and the diagnostics of the build that wrote
/// it. It lets a rebuild write only what changed, remove only what Ashlar itself wrote, and skip
/// all work when nothing changed. Kept outside the site (`BuildStateStore`); the output folder
/// gets only the list of its files (`OutputMarker`), under `fileName`. Older builds wrote the
/// whole manifest there, and it is still read.
package struct BuildManifest: Sendable, Equatable {
    package static let fileName = ".ashlar-manifest.json"
    static let formatVersion = 1
    /// A state file larger than this is not read (a million files is about 100 MB).
    static let maximumStateSize = 256 * 1024 * 1024

    /// Output path → what identifies the file's content.
    package var files: [String: ManifestEntry] = [:]
    /// The fingerprint of everything the build read (configuration, theme, source stamps).
    package var inputs = ""
    package var diagnostics: [Diagnostic] = []
    /// Each album's signature by output path (see `AlbumSignature`), and each page of a keyword
    /// or place and each of their indexes by the page's folder (see `TermSignature`).
    package var albums: [String: String] = [:]
    /// How many photos and albums the build published, for the summary of a skipped rebuild.
    package var counts: (photos: Int, albums: Int) = (0, 0)
    /// What `minRating` left out.
    package var leftOut: LeftOutPhotos?
    /// The files the build did not publish, for the summary of a skipped rebuild.
    package var unpublished: [UnpublishedGroup] = []

    package init() {}

    /// The name of the output this state describes (``outputDigest`` when the build committed),
    /// which the output's own list (`OutputMarker`) carries too: a build trusts this state only
    /// for the output that names it, not one another build (under another `HOME`) wrote since.
    /// Kept in the state, so a rebuild compares two names instead of digesting 100,000 entries.
    package var outputName: String?

    /// Names what the build put in the output folder: a digest of each file's path and content
    /// entry in byte order (without a copied file's time, so the same site gives the same name
    /// on any machine: ``ManifestEntry/portableText``).
    package var outputDigest: String {
        var hash = ContentHash()
        for path in files.keys.sorted(by: FileNameOrder.precedes) {
            hash.combine(path)
            hash.combine(files[path]?.portableText ?? "")
        }
        return hash.hex
    }

    package static func == (lhs: BuildManifest, rhs: BuildManifest) -> Bool {
        lhs.files == rhs.files && lhs.albums == rhs.albums && lhs.inputs == rhs.inputs
            && lhs.diagnostics == rhs.diagnostics && lhs.counts == rhs.counts
            && lhs.leftOut == rhs.leftOut && lhs.unpublished == rhs.unpublished
    }

    /// The manifest's JSON, with sorted keys: the same bytes for the same build.
    package var json: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The manifest's JSON as UTF-8, built directly as bytes: a large site lists 100,000 files.
    var bytes: [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(64 + 80 * (files.count + albums.count))
        text += "{\n  \"ashlar\": \(Self.formatVersion),\n  \"inputs\": ".utf8
        Self.appendQuoted(inputs, to: &text)
        if let outputName {
            text += ",\n  \"output\": ".utf8
            Self.appendQuoted(outputName, to: &text)
        }
        text += ",\n  \"photoCount\": \(counts.photos),\n  \"albumCount\": \(counts.albums),\n".utf8
        if let leftOut {
            text += "  \"leftOut\": {\"minRating\": \(leftOut.minimum)".utf8
            for reason in LeftOutPhotos.Reason.allCases {
                guard let count = leftOut.counts[reason] else { continue }
                text += ", ".utf8
                Self.appendQuoted(reason.rawValue, to: &text)
                text += ": \(count)".utf8
            }
            text += "},\n".utf8
        }
        if !unpublished.isEmpty {
            text += "  \"unpublished\": [".utf8
            for (index, group) in unpublished.enumerated() {
                text += (index == 0 ? "\n    {\"album\": " : ",\n    {\"album\": ").utf8
                Self.appendQuoted(group.album, to: &text)
                text += ", \"reason\": ".utf8
                Self.appendQuoted(group.reason.rawValue, to: &text)
                text += ", \"files\": [".utf8
                for (position, file) in group.files.enumerated() {
                    if position > 0 { text += ", ".utf8 }
                    Self.appendQuoted(file, to: &text)
                }
                text += "]}".utf8
            }
            text += "\n  ],\n".utf8
        }
        text += "  \"files\": {".utf8
        Self.appendMembers(files.mapValues(\.text), to: &text)
        text += files.isEmpty ? "},\n".utf8 : "\n  },\n".utf8
        text += "  \"albums\": {".utf8
        Self.appendMembers(albums, to: &text)
        text += albums.isEmpty ? "},\n".utf8 : "\n  },\n".utf8
        text += "  \"diagnostics\": [".utf8
        for (index, diagnostic) in diagnostics.enumerated() {
            var fields = [
                "\"severity\": \(Self.quote(diagnostic.severity.rawValue))", "\"path\": \(Self.quote(diagnostic.path))",
            ]
            if let line = diagnostic.line { fields.append("\"line\": \(line)") }
            if let column = diagnostic.column { fields.append("\"column\": \(column)") }
            if let key = diagnostic.key { fields.append("\"key\": \(Self.quote(key))") }
            fields.append("\"message\": \(Self.quote(diagnostic.message))")
            text += ((index == 0 ? "\n" : ",\n") + "    {" + fields.joined(separator: ", ") + "}").utf8
        }
        text += diagnostics.isEmpty ? "]\n}\n".utf8 : "\n  ]\n}\n".utf8
        return text
    }

    /// `"key": "value"` lines in byte order of the keys.
    private static func appendMembers(_ members: [String: String], to text: inout [UInt8]) {
        for (index, member) in members.sorted(by: { FileNameOrder.precedes($0.key, $1.key) }).enumerated() {
            text += (index == 0 ? "\n    " : ",\n    ").utf8
            appendQuoted(member.key, to: &text)
            text += ": ".utf8
            appendQuoted(member.value, to: &text)
        }
    }

    /// `quote`, without its detour through a `String` for text that needs no escaping (bytes
    /// 0xE2 stand for U+2028 and U+2029 among others, so they take the long way). Also writes the
    /// output's list of files (`OutputMarker`).
    static func appendQuoted(_ value: String, to text: inout [UInt8]) {
        let plain = value.allUTF8 { byte in
            byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "<")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&") && byte != 0xE2
        }
        if plain {
            text.append(UInt8(ascii: "\""))
            text += value.utf8
            text.append(UInt8(ascii: "\""))
        } else {
            text += quote(value).utf8
        }
    }

    /// Reads a manifest; nil for anything that is not one (then the folder is treated as not
    /// written by Ashlar).
    package static func read(_ bytes: [UInt8]) -> BuildManifest? {
        guard let document = try? JSONDocument(bytes: bytes),
            document.root["ashlar"]?.numberValue == Double(formatVersion),
            let files = document.root["files"]?.members
        else { return nil }
        var manifest = BuildManifest()
        manifest.inputs = document.root["inputs"]?.stringValue ?? ""
        // Whole numbers as Ashlar writes them; a damaged file's 1e300 or 2.5 is dropped, not trapped on.
        func whole(_ value: JSONValue?) -> Int? { value?.numberValue.flatMap { Int(exactly: $0) } }
        manifest.counts = (whole(document.root["photoCount"]) ?? 0, whole(document.root["albumCount"]) ?? 0)
        if let leftOut = document.root["leftOut"] {
            var counts: [LeftOutPhotos.Reason: Int] = [:]
            for reason in LeftOutPhotos.Reason.allCases {
                if let count = whole(leftOut[reason.rawValue]), count > 0 { counts[reason] = count }
            }
            manifest.leftOut = LeftOutPhotos(counts: counts, minimum: whole(leftOut["minRating"]))
        }
        manifest.outputName = document.root["output"]?.stringValue
        for entry in document.root["unpublished"]?.arrayValue ?? [] {
            guard let album = entry["album"]?.stringValue,
                let reason = entry["reason"]?.stringValue.flatMap(UnpublishedFile.Reason.init(rawValue:))
            else { continue }
            let files = (entry["files"]?.arrayValue ?? []).compactMap(\.stringValue)
            manifest.unpublished.append(UnpublishedGroup(album: album, reason: reason, files: files))
        }
        for member in files {
            guard let value = member.value.stringValue, RelativePath.isSafe(member.key) else { return nil }
            manifest.files[member.key] = ManifestEntry(text: value)
        }
        for member in document.root["albums"]?.members ?? [] {
            if let signature = member.value.stringValue { manifest.albums[member.key] = signature }
        }
        for entry in document.root["diagnostics"]?.arrayValue ?? [] {
            guard let message = entry["message"]?.stringValue, let path = entry["path"]?.stringValue else { continue }
            let severity: Diagnostic.Severity = entry["severity"]?.stringValue == "error" ? .error : .warning
            manifest.diagnostics.append(
                Diagnostic(
                    severity, path: path, line: whole(entry["line"]), column: whole(entry["column"]),
                    key: entry["key"]?.stringValue, message: message))
        }
        return manifest
    }

    static func quote(_ text: String) -> String {
        JSONText.serialize(.string(text))
    }
}
