/// Relative URLs between pages of the output, percent-encoded so any file name works.
package enum URLPath {
    /// Percent-encodes one path segment: everything but RFC 3986's unreserved characters and `@`.
    package static func encodeSegment(_ segment: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            switch byte {
            case _ where isUnreserved(byte):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    /// Percent-encodes a `/`-separated path, segment by segment.
    package static func encodePath(_ path: String) -> String {
        // Most paths need no encoding at all.
        if path.allUTF8({ isUnreserved($0) || $0 == UInt8(ascii: "/") }) { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { encodeSegment(String($0)) }
            .joined(separator: "/")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
            true
        default: false
        }
    }

    /// The prefix that leads from a page `depth` folders below the output root back to the root:
    /// `""`, `"../"`, `"../../"`.
    package static func rootPrefix(depth: Int) -> String {
        String(repeating: "../", count: depth)
    }

    /// The output path of a folder's page: `index.html`, `nature/index.html`.
    package static func indexFile(of folder: String) -> String {
        folder.isEmpty ? "index.html" : folder + "/index.html"
    }

    /// The URL of a folder's `index.html`, relative to the output root. Links name `index.html`
    /// so the site works when opened straight from disk, where folders do not open their index.
    package static func index(of folder: String) -> String {
        folder.isEmpty ? "index.html" : encodePath(folder) + "/index.html"
    }
}
