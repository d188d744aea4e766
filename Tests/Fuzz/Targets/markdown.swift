@testable import AshlarCore

/// A Markdown page (`MarkdownDocument`), with raw HTML escaped as a site's pages have it by
/// default and then allowed, at a low nesting limit so deep inputs meet it: neither crashes nor
/// runs long; escaped, the HTML holds only the renderer's own tags, and no link or image address
/// that runs script.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, count), as: UTF8.self)
    let safe = MarkdownDocument(parsing: text, options: MarkdownOptions(allowsRawHTML: false, maximumNesting: 12))
    checkOwnTags(safe.html)
    _ = MarkdownDocument(parsing: text, options: MarkdownOptions(allowsRawHTML: true, maximumNesting: 12))
    return 0
}

private let ownTags: Set<String> = [
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "a", "img", "code", "pre", "ul", "ol", "li",
    "blockquote", "hr", "br",
]

/// Every `<` in escaped output opens or closes one of the renderer's tags, and no address is a
/// `javascript:` one.
private func checkOwnTags(_ html: String) {
    let scalars = Array(html.unicodeScalars)
    var index = 0
    while index < scalars.count {
        defer { index += 1 }
        guard scalars[index] == "<" else { continue }
        var end = index + 1
        if end < scalars.count && scalars[end] == "/" { end += 1 }
        let nameStart = end
        while end < scalars.count && (("a"..."z").contains(scalars[end]) || ("0"..."9").contains(scalars[end])) {
            end += 1
        }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<end]))
        require(ownTags.contains(name), "escaped output has a <\(name)> tag")
    }
    let lower = html.lowercased()
    require(!lower.contains("href=\"javascript:") && !lower.contains("src=\"javascript:"), "a javascript: address")
}
