import AshlarImage
import Foundation

extension RenditionCache {
    /// The environment variable that holds the key sets are signed with.
    static let keyVariable = "ASHLAR_CACHE_KEY"

    /// The key in ``keyVariable``, as its UTF-8 bytes; nil when it is not set or empty.
    static func keyFromEnvironment() -> [UInt8]? {
        guard let text = ProcessInfo.processInfo.environment[keyVariable], !text.isEmpty else { return nil }
        return Array(text.utf8)
    }

    /// The line that signs a set's list `text` under `key`: `signature` and the HMAC-SHA-256, in
    /// hex, of the set's name and the list (whose digests cover the files).
    static func signatureLine(of text: [UInt8], setKey: String, signingKey: [UInt8]) -> String {
        "signature " + SHA256.hexDigits(HMACSHA256.code(key: signingKey, message: signed(text, setKey: setKey))) + "\n"
    }

    /// What a set's signature covers: its name (so a signed list is this photo's, made this way)
    /// and its list.
    private static func signed(_ text: [UInt8], setKey: String) -> [UInt8] {
        Array("ashlar rendition set\n\(setKey)\n".utf8) + text
    }

    /// A set's list split into its text and the signature its last line holds (nil when it holds
    /// none, or not 64 lowercase hex digits).
    static func splitSignature(_ list: [UInt8]) -> (text: [UInt8], signature: [UInt8]?) {
        let prefix = Array("signature ".utf8)
        guard list.last == 0x0A else { return (list, nil) }
        let body = list.dropLast()
        let start = body.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = Array(body[start...])
        guard line.starts(with: prefix) else { return (list, nil) }
        let digits = line.dropFirst(prefix.count)
        guard digits.count == 64, digits.allSatisfy(isLowerHex) else { return (Array(list[..<start]), nil) }
        var code: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            code.append(hexValue(digits[index]) << 4 | hexValue(digits[index + 1]))
            index += 2
        }
        return (Array(list[..<start]), code)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8 {
        digit <= 0x39 ? digit - 0x30 : digit - 0x61 + 10
    }

    /// `text` (a list of the cache's own, such as `sources.tsv`) with a signature line under
    /// ``vouchingKey`` when there is one (an empty list stays empty: unsigned, it reads as empty).
    func signedList(_ text: [UInt8], name: String) -> [UInt8] {
        guard let vouchingKey, !text.isEmpty else { return text }
        return text + Array(Self.signatureLine(of: text, setKey: name, signingKey: vouchingKey).utf8)
    }

    /// A list of the cache's own read back: without a key as it is; with one, its text when its
    /// signature verifies, else nil (a list this machine, or a job with `ASHLAR_CACHE_KEY`, did
    /// not write is not used).
    func vouchedList(_ bytes: [UInt8], name: String) -> [UInt8]? {
        guard vouchingKey != nil else { return Self.splitSignature(bytes).text }
        return isSigned(bytes, setKey: name) ? Self.splitSignature(bytes).text : nil
    }

    /// Whether a set's list carries a valid signature under ``vouchingKey``.
    func isSigned(_ list: [UInt8], setKey: String) -> Bool {
        guard let vouchingKey else { return false }
        let (text, signature) = Self.splitSignature(list)
        guard let signature else { return false }
        return HMACSHA256.verify(signature, key: vouchingKey, message: Self.signed(text, setKey: setKey))
    }

    /// Why a set's list does not carry this cache's signature; nil when it does, or when the
    /// cache has no `ASHLAR_CACHE_KEY` (then a signature is not required: one under this
    /// machine's own key only spares the check against the photo).
    func signatureProblem(_ list: [UInt8], setKey: String) -> String? {
        guard let signingKey else { return nil }
        let (text, signature) = Self.splitSignature(list)
        guard let signature else {
            return "\(setFile(key: setKey)) is not signed, and \(Self.keyVariable) is set"
        }
        guard HMACSHA256.verify(signature, key: signingKey, message: Self.signed(text, setKey: setKey)) else {
            return "\(setFile(key: setKey)) is not signed with this build's \(Self.keyVariable)"
        }
        return nil
    }
}
