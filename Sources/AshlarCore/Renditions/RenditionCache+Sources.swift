import Foundation

extension RenditionCache {
    /// The digests `sources.tsv` remembers, by source-relative path; none when the list is not
    /// signed by this machine or under `ASHLAR_CACHE_KEY` (``vouchedList(_:name:)``): a forged
    /// digest would name another photo's renditions, which a signed set then vouches for.
    func sourceDigests() -> [String: (stamp: FileStamp, digest: String)] {
        guard case .success(let read) = folder.readRegularFile("sources.tsv", upTo: 256 * 1024 * 1024),
            let bytes = vouchedList(read, name: "sources.tsv")
        else {
            return [:]
        }
        var digests: [String: (stamp: FileStamp, digest: String)] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let size = Int64(fields[1]), let modified = Int64(fields[2]),
                SourceDigest.isDigest(fields[0])
            else { continue }
            digests[String(fields[3])] = (FileStamp(size: size, modified: modified), String(fields[0]))
        }
        return digests
    }

    /// Replaces `sources.tsv` with these digests.
    func saveSourceDigests(_ digests: [String: (stamp: FileStamp, digest: String)]) -> SystemFailure? {
        var text = ""
        for path in digests.keys.sorted() where !path.contains("\n") && !path.contains("\t") {
            guard let item = digests[path] else { continue }
            text += "\(item.digest)\t\(item.stamp.size)\t\(item.stamp.modified)\t\(path)\n"
        }
        return write("sources.tsv", signedList(Array(text.utf8), name: "sources.tsv"))
    }

    /// The `CACHEDIR.TAG` Ashlar writes: the mark of a folder that is an Ashlar cache.
    static let tagText = "Signature: 8a477f597d28d172789f06886806bc55\n# Ashlar's rendition cache: safe to delete.\n"

    /// Marks the folder as a cache for backup tools (https://bford.info/cachedir/) and keeps it
    /// out of a photographer's git repository (a `.gitignore` of `*`); only while it holds
    /// nothing but what Ashlar writes (a folder holding anything else is left untagged, so that
    /// no file of the user's is hidden from backups or git).
    func tag() {
        guard isAshlarCache else { return }
        if !holds("CACHEDIR.TAG") { _ = write("CACHEDIR.TAG", Array(Self.tagText.utf8)) }
        if !holds(".gitignore") { _ = write(".gitignore", Array("*\n".utf8)) }
    }

    /// The names Ashlar writes at the top of a cache folder.
    static let topNames: Set<String> = [
        "CACHEDIR.TAG", ".gitignore", "renditions", "originals", "sources.tsv", "refusals.tsv",
    ]

    /// Whether the folder is an Ashlar cache: it holds the `CACHEDIR.TAG` Ashlar writes, or
    /// nothing but names Ashlar writes there (a cache merged from shards' new entries); an empty
    /// folder is one.
    var isAshlarCache: Bool {
        if case .success(let tag) = folder.readRegularFile("CACHEDIR.TAG", upTo: 4096),
            tag == Array(Self.tagText.utf8)
        {
            return true
        }
        guard let names = folder.names(in: "") else { return false }
        // `NAME.tmp-…`: a write a build did not finish.
        return names.allSatisfy { name in
            Self.topNames.contains(name.range(of: ".tmp-").map { String(name[..<$0.lowerBound]) } ?? name)
        }
    }
}
