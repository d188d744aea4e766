import AshlarImage

/// A file in an album's folder that the site does not publish, and why: what `check`, the build
/// summary and `--json` account for, so that nothing is dropped without a word. Files Ashlar
/// reads for itself (sidecars, `album.json`, the theme, hidden files) are not among them, nor is
/// a RAW or HEIC file beside a JPEG of the same name (the JPEG is that photo; the other file is
/// its original). A HEIC alone is a photo like a JPEG.
package struct UnpublishedFile: Sendable, Equatable {
    /// Why a file is not published: a closed set, each with what to do about it.
    package enum Reason: String, Sendable, Hashable, CaseIterable, Comparable {
        /// A camera RAW alone whose largest embedded JPEG preview is too small to publish.
        case rawPreviewTooSmall = "raw-preview-too-small"
        /// A camera RAW alone with no embedded JPEG preview Ashlar can find.
        case rawWithoutPreview = "raw-without-preview"
        /// A camera RAW alone on a site that publishes no renditions (`"renditions": false`,
        /// `images: reference`): its preview is published only as renditions.
        case rawWithoutRenditions = "raw-without-renditions"
        /// A HEIC alone on a site that publishes no renditions: only Safari shows a HEIC, so it is
        /// published only as renditions (unless `"publishAsIs"` lists `"heic"`).
        case heicWithoutRenditions = "heic-without-renditions"
        /// A video in a container Ashlar does not publish (AVI, MKV, MTS…): only MP4, MOV and
        /// WebM play in browsers.
        case video
        /// Anything else: not an image Ashlar reads.
        case other

        /// What the summary calls files of this kind: `video`, `RAW (preview too small)`.
        package var label: String {
            switch self {
            case .rawPreviewTooSmall: "RAW (preview too small)"
            case .rawWithoutPreview: "RAW (no preview)"
            case .rawWithoutRenditions: "RAW (no renditions)"
            case .heicWithoutRenditions: "HEIC (no renditions)"
            case .video: "video"
            case .other: "other"
            }
        }

        /// Why files of this kind are not published, and what to do about it.
        package var advice: String {
            switch self {
            case .rawPreviewTooSmall:
                "the largest JPEG preview embedded in the RAW is smaller than 1,280 px on its long side; export a JPEG from your RAW editor and put it beside the RAW"
            case .rawWithoutPreview:
                "no embedded JPEG preview was found in the RAW; export a JPEG from your RAW editor and put it beside the RAW"
            case .rawWithoutRenditions:
                "a RAW is published from its embedded preview as renditions only, and this site makes none; export a JPEG and put it beside the RAW"
            case .heicWithoutRenditions:
                "only Safari shows a HEIC, so it is published as renditions only, and this site makes none; export a JPEG and put it beside the HEIC, or add \"heic\" to \"publishAsIs\" to publish it as it is"
            case .video:
                "Ashlar publishes MP4, MOV and WebM videos, which browsers play, and converts none; convert it first, for example with ffmpeg -i VIDEO -c:v libx264 -c:a aac VIDEO.mp4"
            case .other:
                "not an image Ashlar reads (JPEG, PNG, GIF, WebP, AVIF, HEIC, or a camera RAW)"
            }
        }

        /// The advice in a few words, for an empty album's warning and the build summary.
        package var shortAdvice: String {
            switch self {
            case .rawPreviewTooSmall: "preview under 1,280 px; export a JPEG"
            case .rawWithoutPreview: "no embedded preview; export a JPEG"
            case .rawWithoutRenditions: "needs renditions; export a JPEG"
            case .heicWithoutRenditions: "needs renditions; export a JPEG"
            case .video: "convert to MP4 or WebM"
            case .other: "not an image Ashlar reads"
            }
        }

        package static func < (lhs: Reason, rhs: Reason) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// The file's name in its folder.
    package var name: String
    package var reason: Reason

    package init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// Extensions (lowercased) of videos phones and cameras write that Ashlar does not publish
    /// (those it publishes are `Video.fileExtensions`).
    static let videoExtensions: Set<String> = ["avi", "mts", "m2ts", "3gp", "mkv", "mpg", "mpeg", "wmv"]
    /// Extensions (lowercased) of text and documents kept beside photos: credits, licences,
    /// notes. They are not photos, so not listed as unpublished ones.
    static let documentExtensions: Set<String> = [
        "md", "markdown", "txt", "text", "rtf", "pdf", "html", "htm", "doc", "docx", "odt", "csv", "log",
    ]
    /// Names (lowercased, without an extension) of documents and of files the system writes
    /// into folders (`Thumbs.db`, `desktop.ini`), not listed as unpublished either.
    static let documentNames: Set<String> = [
        "readme", "license", "licence", "credits", "notice", "copying", "authors", "thumbs.db", "desktop.ini",
    ]

    /// Whether `name` is a document or a system file, which no one expects to see published.
    static func isDocument(_ name: String) -> Bool {
        documentNames.contains(name.lowercased())
            || documentExtensions.contains(PhotoFiles.fileExtension(of: name))
    }
}

/// The files of one album Ashlar does not publish for one reason, in file-name order: one line
/// of `check`, one entry of `--json`'s `unpublished`.
package struct UnpublishedGroup: Sendable, Equatable, Encodable {
    /// The album's folder, relative to the source root (empty for the root).
    package var album: String
    package var reason: UnpublishedFile.Reason
    package var files: [String]

    package init(album: String, reason: UnpublishedFile.Reason, files: [String]) {
        self.album = album
        self.reason = reason
        self.files = files
    }

    /// An album's unpublished files grouped by reason, in the order of ``UnpublishedFile/Reason``.
    static func groups(album: String, files: [UnpublishedFile]) -> [UnpublishedGroup] {
        Dictionary(grouping: files, by: \.reason).sorted { $0.key < $1.key }.map { reason, files in
            UnpublishedGroup(album: album, reason: reason, files: files.map(\.name))
        }
    }

    /// `3 videos`, `1 other file`, `2 RAW files (preview too small)`.
    package var counted: String {
        let count = files.count
        switch reason {
        case .video: return "\(count) video\(count == 1 ? "" : "s")"
        case .other: return "\(count) other file\(count == 1 ? "" : "s")"
        case .rawPreviewTooSmall, .rawWithoutPreview, .rawWithoutRenditions:
            let detail = reason.label.dropFirst("RAW ".count)
            return "\(count) RAW file\(count == 1 ? "" : "s") \(detail)"
        case .heicWithoutRenditions:
            return "\(count) HEIC file\(count == 1 ? "" : "s") (no renditions)"
        }
    }

    /// The most names a line lists; the rest are counted.
    static let namesListed = 20

    /// `check`'s note: the count, the names and what to do.
    package var note: String {
        var names = files.prefix(Self.namesListed).map { "'\($0)'" }.joined(separator: ", ")
        if files.count > Self.namesListed { names += " and \(files.count - Self.namesListed) more" }
        return "\(counted) not published: \(names); \(reason.advice)"
    }

    enum CodingKeys: String, CodingKey {
        case album, reason, files, count, advice
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(album, forKey: .album)
        try container.encode(reason.rawValue, forKey: .reason)
        try container.encode(files, forKey: .files)
        try container.encode(files.count, forKey: .count)
        try container.encode(reason.advice, forKey: .advice)
    }
}

extension UnpublishedGroup {
    /// `check`'s notes, one per album and reason, like a compiler's: `photos/phone: note: …`.
    package static func notes(_ groups: [UnpublishedGroup], paths: SitePaths) -> [String] {
        groups.map { "\(paths.display($0.album)): note: \($0.note)".oneLine }
    }

    /// The build summary's lines: the counts per album, and a hint; none when every file is
    /// published. `Not published: 2 videos in phone; 1 other file in raw`.
    package static func summary(_ groups: [UnpublishedGroup], paths: SitePaths) -> [String] {
        guard !groups.isEmpty else { return [] }
        var albums: [String] = []
        var counts: [String: [String]] = [:]
        for group in groups {
            if counts[group.album] == nil { albums.append(group.album) }
            counts[group.album, default: []].append(group.counted)
        }
        let listed = albums.map { "\(counts[$0, default: []].joined(separator: ", ")) in \(paths.display($0))" }
        return [
            "Not published: \(listed.joined(separator: "; "))".oneLine,
            "hint: 'ashlar check' lists them with what to do (video: convert to MP4; RAW: a JPEG beside it)",
        ]
    }
}
