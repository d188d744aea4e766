import AshlarImage
import AshlarPlatform
import Foundation

extension RenditionCache {
    /// Removes what no build has used for `graceSeconds`: sets this build did not use whose list
    /// is older than that, with their files, and originals this build did not use that are as
    /// old. A file younger than that is kept whatever it belongs to (another build sharing the
    /// cache may have just made it). Only names Ashlar writes are removed, in the folders it
    /// makes, reached without following a link. `used` holds cache-relative paths. Returns how
    /// many files were removed.
    func prune(keeping used: Set<String>, graceSeconds: Int = 3600) -> Int {
        var removed = 0
        let now = Int64(Date().timeIntervalSince1970)
        func age(_ file: String) -> Int64? {
            guard let info = folder.status(of: file), (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return now - Platform.modificationTime(info) / 1_000_000_000
        }
        for kind in ["renditions", "originals"] {
            for shard in folder.names(in: kind) ?? [] where Self.isShard(shard) {
                let shardPath = kind + "/" + shard
                guard let info = folder.status(of: shardPath), (info.st_mode & S_IFMT) == S_IFDIR else { continue }
                var live: [Substring: Bool] = [:]
                for name in folder.names(in: shardPath) ?? [] {
                    guard let key = Self.key(ofName: name, kind: kind, shard: shard) else { continue }
                    let file = shardPath + "/" + name
                    if used.contains(file) { continue }
                    guard let fileAge = age(file), fileAge > Int64(graceSeconds) else { continue }
                    if kind == "renditions", !name.contains(".tmp-") {
                        let isLive =
                            live[key]
                            ?? {
                                let list = shardPath + "/" + key + ".set"
                                return used.contains(list) || (age(list).map { $0 <= Int64(graceSeconds) } ?? false)
                            }()
                        live[key] = isLive
                        if isLive { continue }
                    }
                    if folder.unlink(file) == nil { removed += 1 }
                }
                _ = folder.removeFolder(shardPath)
            }
        }
        return removed
    }

    /// Two lowercase hex digits: the folders Ashlar makes.
    static func isShard(_ name: String) -> Bool {
        name.utf8.count == 2 && name.utf8.allSatisfy(isLowerHex)
    }

    /// The key of a file name Ashlar writes in a shard: `KEY.set`, `KEY-WIDTH.EXT` (renditions),
    /// `KEY.EXT` (originals), or one of those followed by `.tmp-…` (a write a build did not
    /// finish); nil for any other name, which is never removed. A key is 64 hex digits
    /// (``SourceDigest``), or 32 as versions before SHA-256 wrote them, so that the files of those
    /// versions are pruned as unused rather than kept for ever.
    static func key(ofName name: String, kind: String, shard: String) -> Substring? {
        let key = name.prefix { $0.isASCII && $0.asciiValue.map(isLowerHex) == true }
        guard key.utf8.count == SourceDigest.length || key.utf8.count == 32, key.hasPrefix(shard) else { return nil }
        var rest = name[key.endIndex...]
        if let temporary = rest.range(of: ".tmp-") { rest = rest[..<temporary.lowerBound] }
        if kind == "renditions" {
            if rest == ".set" { return key }
            guard rest.hasPrefix("-"), let dot = rest.firstIndex(of: ".") else { return nil }
            let width = rest[rest.index(after: rest.startIndex)..<dot]
            guard !width.isEmpty, width.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            rest = rest[dot...]
        }
        guard rest.hasPrefix("."), let format = ImageFormat(fileExtension: rest.dropFirst()), format.canEncode,
            rest.dropFirst() == format.fileExtension
        else { return nil }
        return key
    }
}
