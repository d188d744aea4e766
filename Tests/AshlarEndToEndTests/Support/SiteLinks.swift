import Foundation

/// Checks the links of a built site without a browser: every `href`, `src` and `srcset` of every
/// HTML page is well-formed (HTML-escaped, percent-encoded) and, when local, names a file that
/// exists in the output at its decoded path.
enum SiteLinks {
    /// One URL attribute of one page.
    struct Link: CustomStringConvertible {
        var page: String
        var attribute: String
        /// The value as written in the HTML.
        var raw: String
        /// The value with HTML character references resolved.
        var value: String

        var description: String { "\(page): \(attribute)=\"\(raw)\"" }
    }

    /// Every problem found in the HTML pages under `output`, as readable lines; empty when all is well.
    static func problems(in output: URL) -> [String] {
        var problems: [String] = []
        for page in htmlPages(in: output) {
            guard let html = try? String(contentsOf: output.appendingPathComponent(page), encoding: .utf8) else {
                problems.append("\(page): not UTF-8")
                continue
            }
            problems += attributeProblems(page: page, html: html)
            for link in links(page: page, html: html) {
                problems += linkProblems(link, output: output)
            }
        }
        return problems
    }

    static func htmlPages(in output: URL) -> [String] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: output.path)) ?? []
        return paths.filter { $0.hasSuffix(".html") }.sorted()
    }

    /// Every attribute value is in double quotes with nothing unescaped in it: no `<`, and every
    /// `&` starts a character reference.
    static func attributeProblems(page: String, html: String) -> [String] {
        var problems: [String] = []
        for match in html.matches(of: /=\"([^\"]*)\"/) {
            let value = String(match.output.1)
            if value.contains("<") || value.contains(">") {
                problems.append("\(page): unescaped '<' or '>' in an attribute: \(value.prefix(120))")
            }
            if value.firstMatch(of: /&(?!(?:#[0-9]+|#x[0-9A-Fa-f]+|[A-Za-z]+);)/) != nil {
                problems.append("\(page): a bare '&' in an attribute: \(value.prefix(120))")
            }
        }
        return problems
    }

    static func links(page: String, html: String) -> [Link] {
        html.matches(of: /\s(href|src|srcset)="([^"]*)"/).map { match in
            Link(
                page: page, attribute: String(match.output.1), raw: String(match.output.2),
                value: unescape(String(match.output.2)))
        }
    }

    static func linkProblems(_ link: Link, output: URL) -> [String] {
        var urls: [String] = []
        if link.attribute == "srcset" {
            for candidate in link.value.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = candidate.trimmingCharacters(in: .whitespaces)
                guard let match = trimmed.wholeMatch(of: /(\S+) [0-9]+w/) else {
                    return [
                        "\(link): srcset candidate '\(trimmed)' is not 'URL WIDTHw' (a comma or space in a URL must be encoded)"
                    ]
                }
                urls.append(String(match.output.1))
            }
        } else {
            urls = [link.value]
        }
        var problems: [String] = []
        for url in urls {
            // Only RFC 3986 characters: a space, a quote or a non-ASCII letter must be percent-encoded.
            if let bad = url.unicodeScalars.first(where: { !allowedInURL.contains($0) }) {
                problems.append("\(link): '\(bad)' is not percent-encoded")
                continue
            }
            if url.hasPrefix("#") || url.hasPrefix("//") || url.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil {
                continue
            }
            let path = String(url.prefix { $0 != "#" && $0 != "?" })
            guard let decoded = path.removingPercentEncoding, !path.contains(/%(?![0-9A-Fa-f]{2})/) else {
                problems.append("\(link): invalid percent-encoding")
                continue
            }
            guard let target = resolve(decoded, from: link.page) else {
                problems.append("\(link): leads outside the site")
                continue
            }
            var isDirectory: ObjCBool = false
            let file = output.path + "/" + target
            if !FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) || isDirectory.boolValue {
                problems.append("\(link): no file at '\(decoded)'")
            }
        }
        return problems
    }

    /// A relative URL path resolved against the folder of `page`, as a path from the site's root;
    /// nil when it climbs out of the site.
    static func resolve(_ path: String, from page: String) -> String? {
        var components = page.split(separator: "/").dropLast().map(String.init)
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "", ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }

    /// RFC 3986's unreserved and reserved characters, and `%`.
    static let allowedInURL: Set<Unicode.Scalar> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".unicodeScalars)

    /// Resolves the character references Ashlar writes, and numeric ones.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: ampersand)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let character = named[String(name)] {
                result += character
            } else if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                result.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
