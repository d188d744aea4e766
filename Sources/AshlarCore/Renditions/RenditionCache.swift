import AshlarImage
import Foundation

/// The folder that keeps renditions between builds (`SOURCE/.ashlar-cache/` unless
/// `--cache-dir` says otherwise). Everything in it is keyed by content, never by time:
///
/// - `renditions/KK/KEY.set` lists the renditions of one photo made one way (`KEY` digests the
///   source's bytes and every parameter that shapes them): a line `WIDTH HEIGHT EXTENSION` each;
///   the files are `renditions/KK/KEY-WIDTH.EXTENSION`. The list is written last, so a set with
///   a list is complete.
/// - `originals/KK/KEY.EXTENSION`: an original with its location data removed (`KEY` digests the
///   source's bytes and `RenditionKey.originalsVersion`).
/// - `sources.tsv`: each source's size, time and digest, so an unchanged file is not read again.
///
/// Files are written under a temporary name and renamed into place, so builds sharing the cache
/// (`serve` and `build`, parallel CI jobs) never see half a file; two writing the same entry
/// write the same bytes.
struct RenditionCache: Sendable {
    /// Absolute.
    let root: String

    /// One rendition in a set: its size and format.
    struct Entry: Sendable, Equatable {
        var width: Int
        var height: Int
        var format: ImageFormat
    }

    func setFile(key: String) -> String {
        root + "/renditions/" + key.prefix(2) + "/" + key + ".set"
    }

    func renditionFile(key: String, width: Int, format: ImageFormat) -> String {
        root + "/renditions/" + key.prefix(2) + "/" + key + "-\(width)." + format.fileExtension
    }

    func originalFile(key: String, format: ImageFormat) -> String {
        root + "/originals/" + key.prefix(2) + "/" + key + "." + format.fileExtension
    }

    /// The renditions of a complete set whose files are all there; nil otherwise.
    func set(key: String) -> [Entry]? {
        guard case .success(let file) = RawFile.read(setFile(key: key), upTo: 64 * 1024) else { return nil }
        var entries: [Entry] = []
        for line in String(decoding: file.bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            // Any format Ashlar writes, named as it names it.
            guard fields.count == 3, let width = Int(fields[0]), let height = Int(fields[1]),
                let format = ImageFormat(fileExtension: fields[2]), format.canEncode,
                fields[2] == format.fileExtension
            else { return nil }
            let entry = Entry(width: width, height: height, format: format)
            guard exists(renditionFile(key: key, width: width, format: format)) else { return nil }
            entries.append(entry)
        }
        return entries.isEmpty ? nil : entries
    }

    /// Stores a set: its files, then the list that completes it.
    func store(key: String, _ renditions: [(entry: Entry, bytes: [UInt8])]) -> SystemFailure? {
        for rendition in renditions {
            let path = renditionFile(key: key, width: rendition.entry.width, format: rendition.entry.format)
            if let failure = Self.replace(path, with: rendition.bytes) { return failure }
        }
        let list = renditions.map { "\($0.entry.width) \($0.entry.height) \($0.entry.format.fileExtension)\n" }
            .joined()
        return Self.replace(setFile(key: key), with: Array(list.utf8))
    }

    func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Writes `bytes` at `path` by writing a temporary file beside it and renaming it.
    static func replace(_ path: String, with bytes: [UInt8]) -> SystemFailure? {
        let folder = RelativePath.split(path).folder
        if let failure = FileSystem.makeFolders(folder) { return SystemFailure(code: failure) }
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        if let failure = FileSystem.writeFile(bytes, to: temporary, exclusive: true) {
            return SystemFailure(code: failure)
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            return SystemFailure(code: failure)
        }
        return nil
    }

    /// The digests `sources.tsv` remembers, by source-relative path.
    func sourceDigests() -> [String: (stamp: FileStamp, digest: String)] {
        guard case .success(let file) = RawFile.read(root + "/sources.tsv", upTo: 256 * 1024 * 1024) else { return [:] }
        var digests: [String: (stamp: FileStamp, digest: String)] = [:]
        for line in String(decoding: file.bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let size = Int64(fields[1]), let modified = Int64(fields[2]),
                fields[0].utf8.count == 32
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
        return Self.replace(root + "/sources.tsv", with: Array(text.utf8))
    }

    /// Marks the folder as a cache for backup tools (https://bford.info/cachedir/).
    func tag() {
        let path = root + "/CACHEDIR.TAG"
        guard !exists(path) else { return }
        let text = "Signature: 8a477f597d28d172789f06886806bc55\n# Ashlar's rendition cache: safe to delete.\n"
        _ = Self.replace(path, with: Array(text.utf8))
    }

    /// Records that a set was used now, so builds sharing the cache keep it: the list's time is
    /// set (the rendition files, which may be linked into a published site, keep theirs).
    func touch(key: String) {
        _ = utimensat(AT_FDCWD, setFile(key: key), nil, 0)
    }

    /// Removes what no build has used for `graceSeconds`: sets this build did not use whose list
    /// is older than that, with their files, and originals this build did not use that are as
    /// old. A file younger than that is kept whatever it belongs to (another build sharing the
    /// cache may have just made it). Returns how many files were removed.
    func prune(keeping used: Set<String>, graceSeconds: Int = 3600) -> Int {
        var removed = 0
        let now = Int64(Date().timeIntervalSince1970)
        func age(_ path: String) -> Int64? {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return now - Int64(info.st_mtim.tv_sec)
        }
        for kind in ["renditions", "originals"] {
            let base = root + "/" + kind
            guard let folders = try? FileManager.default.contentsOfDirectory(atPath: base) else { continue }
            for folder in folders where folder.utf8.count == 2 {
                let folderPath = base + "/" + folder
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else { continue }
                var live: [Substring: Bool] = [:]
                for name in names {
                    let path = folderPath + "/" + name
                    if used.contains(path) { continue }
                    guard let fileAge = age(path), fileAge > Int64(graceSeconds) else { continue }
                    if kind == "renditions" {
                        let key = name.prefix(32)
                        let isLive =
                            live[key]
                            ?? {
                                let list = folderPath + "/" + key + ".set"
                                return used.contains(list) || (age(list).map { $0 <= Int64(graceSeconds) } ?? false)
                            }()
                        live[key] = isLive
                        if isLive { continue }
                    }
                    if unlink(path) == 0 { removed += 1 }
                }
                rmdir(folderPath)
            }
        }
        return removed
    }
}
