extension RenditionCache {
    /// The sources the decoders refused, by digest, with the words of the refusal: remembered in
    /// `refusals.tsv` so that a damaged file is not decoded again on every build (or every save
    /// under `serve`) while it stays the same. The file is untrusted like the rest of the cache:
    /// a line is used only when it names this decoder version, a digest (``SourceDigest``) and a
    /// message of printable text; anything else is passed over (and the photo decoded again). With
    /// a key, the list is used only when signed (``vouchedList(_:name:)``).
    func refusals() -> [String: String] {
        guard case .success(let read) = folder.readRegularFile("refusals.tsv", upTo: 16 << 20),
            let bytes = vouchedList(read, name: "refusals.tsv")
        else { return [:] }
        return Self.refusals(inList: bytes)
    }

    /// The lines of a `refusals.tsv` that hold, by digest.
    static func refusals(inList bytes: [UInt8]) -> [String: String] {
        var found: [String: String] = [:]
        let version = String(RenditionKey.decoderVersion)
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0] == version, Self.isDigest(fields[1]),
                Self.isMessage(fields[2])
            else { continue }
            found[String(fields[1])] = String(fields[2])
        }
        return found
    }

    /// Replaces `refusals.tsv` with this build's refusals (a file fixed or deleted drops out).
    func saveRefusals(_ refusals: [String: String]) -> SystemFailure? {
        if refusals.isEmpty, !holds("refusals.tsv") { return nil }
        return write("refusals.tsv", signedList(Self.list(of: refusals), name: "refusals.tsv"))
    }

    /// The `refusals.tsv` that records `refusals`; entries that would not read back are left out.
    static func list(of refusals: [String: String]) -> [UInt8] {
        var text = ""
        for digest in refusals.keys.sorted() {
            guard let message = refusals[digest], isDigest(digest[...]), isMessage(message[...]) else { continue }
            text += "\(RenditionKey.decoderVersion)\t\(digest)\t\(message)\n"
        }
        return Array(text.utf8)
    }

    static func isDigest(_ text: Substring) -> Bool {
        SourceDigest.isDigest(text)
    }

    /// Printable text of a reasonable length: what the build prints as the refusal.
    static func isMessage(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.count <= 1_000
            && text.unicodeScalars.allSatisfy {
                $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
            }
    }
}
