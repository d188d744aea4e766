import AshlarImage
import Foundation

/// The folder that keeps renditions between builds (`SOURCE/.ashlar-cache/` unless
/// `--cache-dir` says otherwise). Everything in it is keyed by content, never by time:
///
/// - `renditions/KK/KEY.set` lists the renditions of one photo made one way (`KEY` digests the
///   source's bytes and every parameter that shapes them): a line
///   `WIDTH HEIGHT EXTENSION SIZE DIGEST` each, and `colour #rrggbb …` with the photo's colours
///   (`ColourPlaceholder`) when it has them; the files are `renditions/KK/KEY-WIDTH.EXTENSION`.
///   The list is written last, so a set with a list is complete. With a key (`ASHLAR_CACHE_KEY`)
///   its last line is `signature HEX`, an HMAC-SHA-256 of the set's name and the list, and a set
///   without a valid one is made again (and signed).
/// - `originals/KK/KEY.EXTENSION`: an original with its location data removed (`KEY` digests the
///   source's bytes and `RenditionKey.originalsVersion`).
/// - `sources.tsv`: each source's size, time and digest, so an unchanged file is not read again.
///
/// The cache is untrusted input (CI restores it from a shared store): it is read and changed only
/// through a `DirectoryJail`, so no link in it is ever followed; a set is used only when each of
/// its files is a regular file of the size it records, and when the stage's check before reuse
/// finds each to be what Ashlar writes for the photo (`RenditionStage.reuseProblem`; the bytes'
/// digest, size, header and segments are checked again when a file is published); only names
/// Ashlar writes are ever removed. Files
/// are written under a temporary name and renamed into place, so builds sharing the cache
/// (`serve` and `build`, parallel CI jobs) never see half a file.
struct RenditionCache: Sendable {
    /// Absolute, for messages.
    let root: String
    let folder: DirectoryJail
    /// Whether the folder may be reached through a link: a `--cache-dir` the user named may; the
    /// default folder, inside the source, may not be one.
    let followsLink: Bool
    /// The key sets are signed with (`ASHLAR_CACHE_KEY`, ``keyFromEnvironment()``): with one, a
    /// set is used only when its list carries a valid signature (`RenditionCache+Signing.swift`).
    let signingKey: [UInt8]?
    /// This machine's own key (``localKey(environment:)``), used without a signing key: a set
    /// that carries its signature was made or checked against its photo by a build here.
    let localKey: [UInt8]?

    init(
        root: String, followingLink: Bool = true, signingKey: [UInt8]? = RenditionCache.keyFromEnvironment(),
        localKey: [UInt8]? = nil
    ) {
        self.root = root
        folder = DirectoryJail(path: root)
        followsLink = followingLink
        self.signingKey = signingKey
        self.localKey = signingKey == nil ? localKey : nil
    }

    /// The key this cache signs sets with, and trusts a set's signature under.
    var vouchingKey: [UInt8]? { signingKey ?? localKey }

    /// One rendition in a set: its size, format, and the file's length and digest.
    struct Entry: Sendable, Equatable {
        var width: Int
        var height: Int
        var format: ImageFormat
        var size: Int
        var digest: String
    }

    /// A set's list: its renditions and the photo's colours.
    struct SetList: Sendable, Equatable {
        var entries: [Entry]
        var placeholder: ColourPlaceholder?
    }

    /// A set's list and files, as found.
    enum SetState: Sendable, Equatable {
        case missing
        /// `signed`: its list carries a valid signature under ``vouchingKey``.
        case complete(SetList, signed: Bool)
        /// The set is there but does not match its record (the reason, naming the file).
        case mismatched(String)
    }

    /// The largest rendition file the cache holds.
    static let maximumFileSize = 256 * 1024 * 1024
    /// The largest width or height a set may record (JPEG's own limit).
    static let maximumDimension = 65_535

    /// Opens the cache folder, making it when missing and `creating` (`ELOOP` for a link where
    /// one is not followed). Until it is open, the cache reads as empty.
    func open(creating: Bool) -> SystemFailure? {
        folder.openRoot(creating: creating, followingLink: followsLink).map { SystemFailure(code: $0) }
    }

    /// Why the cache cannot be used, after `open` failed.
    static func unusable(_ failure: SystemFailure) -> String {
        let reason =
            failure.code == ELOOP
            ? "it is a symbolic link, which Ashlar does not follow; remove it, or name the folder with --cache-dir"
            : failure.message
        return "cannot use the rendition cache: \(reason)"
    }

    func setFile(key: String) -> String {
        "renditions/" + key.prefix(2) + "/" + key + ".set"
    }

    func renditionFile(key: String, width: Int, format: ImageFormat) -> String {
        "renditions/" + key.prefix(2) + "/" + key + "-\(width)." + format.fileExtension
    }

    func originalFile(key: String, format: ImageFormat) -> String {
        "originals/" + key.prefix(2) + "/" + key + "." + format.fileExtension
    }

    /// A cache file's absolute path, for messages.
    func display(_ file: String) -> String {
        root + "/" + file
    }

    /// The set made of one photo at `widths`: complete when its list names exactly those widths,
    /// with plausible sizes, and each file is a regular file (not a link) of the length recorded.
    func set(key: String, widths: [Int]) -> SetState {
        let list: [UInt8]
        switch folder.readRegularFile(setFile(key: key), upTo: 64 * 1024) {
        case .success(let bytes): list = bytes
        case .failure(let failure) where failure.code == ENOENT || failure.code == ENOTDIR: return .missing
        case .failure(let failure): return .mismatched("\(setFile(key: key)): \(failure.message)")
        }
        if let problem = signatureProblem(list, setKey: key) { return .mismatched(problem) }
        guard let setList = Self.setList(Self.splitSignature(list).text, widths: widths) else {
            return .mismatched("\(setFile(key: key)) is not a list Ashlar wrote for these widths")
        }
        for entry in setList.entries {
            let file = renditionFile(key: key, width: entry.width, format: entry.format)
            guard let info = folder.status(of: file) else {
                return errno == ENOENT ? .missing : .mismatched("\(file): \(SystemError.message(errno))")
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return .mismatched("\(file) is not a plain file") }
            guard Int(info.st_size) == entry.size else {
                return .mismatched("\(file) has \(info.st_size) bytes, its list says \(entry.size)")
            }
        }
        return .complete(setList, signed: isSigned(list, setKey: key))
    }

    /// A set's list, or nil unless every line is `WIDTH HEIGHT EXTENSION SIZE DIGEST` with one
    /// of `widths` (each once, all of them), a height no larger than the image limits allow, a
    /// format Ashlar encodes named as it names it, a size within bounds and a digest (``SourceDigest``)
    /// lowercase hex digits; but for at most one line `colour` and one to three `#rrggbb`.
    static func setList(_ list: [UInt8], widths: [Int]) -> SetList? {
        var entries: [Entry] = []
        var placeholder: ColourPlaceholder?
        for line in String(decoding: list, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { continue }
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            if fields.first == "colour" {
                let colours = fields.dropFirst().map { ColourPlaceholder.Colour(hex: $0) }
                guard placeholder == nil, !colours.contains(nil),
                    let read = ColourPlaceholder(colours: colours.compactMap { $0 })
                else { return nil }
                placeholder = read
                continue
            }
            guard fields.count == 5, let width = Int(fields[0]), let height = Int(fields[1]),
                widths.contains(width), !entries.contains(where: { $0.width == width }),
                (1...maximumDimension).contains(height),
                let format = ImageFormat(fileExtension: fields[2]), format.canEncode,
                fields[2] == format.fileExtension,
                let size = Int(fields[3]), (1...maximumFileSize).contains(size),
                SourceDigest.isDigest(fields[4])
            else { return nil }
            entries.append(Entry(width: width, height: height, format: format, size: size, digest: String(fields[4])))
        }
        return entries.count == Set(widths).count ? SetList(entries: entries, placeholder: placeholder) : nil
    }

    /// A set's list as ``store(key:_:placeholder:)`` writes it.
    static func listText(_ entries: [Entry], placeholder: ColourPlaceholder?) -> String {
        var text = entries.map { "\($0.width) \($0.height) \($0.format.fileExtension) \($0.size) \($0.digest)\n" }
            .joined()
        if let placeholder { text += "colour " + placeholder.colours.map(\.hex).joined(separator: " ") + "\n" }
        return text
    }

    /// `0`–`9`, `a`–`f`: the digits of keys and digests.
    static func isLowerHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Stores a set: its files, then the list that completes it.
    func store(
        key: String, _ renditions: [(entry: Entry, bytes: [UInt8])], placeholder: ColourPlaceholder? = nil
    ) -> SystemFailure? {
        for rendition in renditions {
            let file = renditionFile(key: key, width: rendition.entry.width, format: rendition.entry.format)
            if let failure = folder.replaceFile(file, with: rendition.bytes) { return SystemFailure(code: failure) }
        }
        return storeList(key: key, renditions.map(\.entry), placeholder: placeholder)
    }

    /// Writes a set's list, signed under ``vouchingKey`` when there is one.
    func storeList(key: String, _ entries: [Entry], placeholder: ColourPlaceholder?) -> SystemFailure? {
        var list = Array(Self.listText(entries, placeholder: placeholder).utf8)
        if let vouchingKey { list += Array(Self.signatureLine(of: list, setKey: key, signingKey: vouchingKey).utf8) }
        return folder.replaceFile(setFile(key: key), with: list).map { SystemFailure(code: $0) }
    }

    /// Removes a set's list, so that the next build makes the set again.
    func forget(key: String) {
        _ = folder.unlink(setFile(key: key))
    }

    /// Drops what a copy of `file` that is not what Ashlar wrote came from, so that the next
    /// build makes it again: a rendition's whole set (its list), or the published original.
    func discard(_ file: CachedFile) {
        switch file.content {
        case .rendition(let key, _): forget(key: key)
        case .original: _ = folder.unlink(file.cachePath)
        }
    }

    /// Whether `file` is a regular file, reached without following a link.
    func holds(_ file: String) -> Bool {
        folder.isRegularFile(file)
    }

    /// Writes a file of the cache, replacing what is there.
    func write(_ file: String, _ bytes: [UInt8]) -> SystemFailure? {
        folder.replaceFile(file, with: bytes).map { SystemFailure(code: $0) }
    }

    /// Records that a set was used now, so builds sharing the cache keep it: the list's time is
    /// set (the rendition files keep theirs).
    func touch(key: String) {
        _ = folder.touch(setFile(key: key))
    }
}
