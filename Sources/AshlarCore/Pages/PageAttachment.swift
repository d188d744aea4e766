import Foundation

/// A file of `SOURCE/pages/` that is not a page: an image a page shows (`![Me](me.jpg)` in
/// `about.md`), published beside each page that refers to it (`about/me.jpg`), so that the
/// page's relative address finds it.
package struct PageAttachment: Sendable, Equatable {
    /// `me.jpg`.
    package var name: String
    /// The path messages show.
    package var displayPath: String
    package var bytes: [UInt8]

    package init(name: String, displayPath: String, bytes: [UInt8]) {
        self.name = name
        self.displayPath = displayPath
        self.bytes = bytes
    }

    /// The largest file read: 64 MiB.
    package static let maximumSize = 64 << 20

    /// The file a page's link or image destination names in the page's own folder: a relative
    /// address without a scheme, a leading `/` or `..` (which lead elsewhere on the site or
    /// beyond it), its query and fragment cut and its percent-encoding decoded. Nil for the rest.
    package static func localFile(_ destination: String) -> String? {
        var path = Substring(destination)
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<cut] }
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        guard !path.isEmpty, !path.hasPrefix("/") else { return nil }
        // A scheme: letters, digits, `+ - .` before the first `:`, ahead of any `/`.
        if let colon = path.firstIndex(of: ":"), !path[..<colon].contains("/") { return nil }
        guard let decoded = String(path).removingPercentEncoding else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else { return nil }
        return decoded
    }
}
