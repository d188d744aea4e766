import Foundation

extension RenditionCache {
    /// The digests `sources.tsv` remembers, by source-relative path.
    func sourceDigests() -> [String: (stamp: FileStamp, digest: String)] {
        guard case .success(let bytes) = folder.readRegularFile("sources.tsv", upTo: 256 * 1024 * 1024) else {
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
        return write("sources.tsv", Array(text.utf8))
    }

    /// Marks the folder as a cache for backup tools (https://bford.info/cachedir/) and keeps it
    /// out of a photographer's git repository (a `.gitignore` of `*`).
    func tag() {
        if !holds("CACHEDIR.TAG") {
            let text = "Signature: 8a477f597d28d172789f06886806bc55\n# Ashlar's rendition cache: safe to delete.\n"
            _ = write("CACHEDIR.TAG", Array(text.utf8))
        }
        if !holds(".gitignore") { _ = write(".gitignore", Array("*\n".utf8)) }
    }
}
