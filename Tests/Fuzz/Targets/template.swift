import AshlarTemplate

@testable import AshlarCore

/// A theme's templates, parsed as `Theme.library()` parses them and rendered as the site
/// renderer renders a page. The input is up to four templates separated by NUL bytes: `page`,
/// then the partials and parents `a`, `b` and `c`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = fuzzInput(data, count).split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
    var files: [String: Theme.ThemeFile] = [:]
    for (name, part) in zip(templateNames, parts) {
        files[name + ".mustache"] = Theme.ThemeFile(bytes: Array(part), displayPath: name, isOverride: true)
    }
    let (library, diagnostics) = Theme(files: files).library()
    for diagnostic in diagnostics {
        require(templateNames.contains(diagnostic.path), "diagnostic for '\(diagnostic.path)'")
        checkDiagnostics([diagnostic], path: diagnostic.path)
    }
    guard library["page"] != nil else { return 0 }
    do {
        _ = try library.render("page", with: templateContext)
    } catch {
        let diagnostic = Diagnostic(error)
        require(templateNames.contains(diagnostic.path), "render error for '\(diagnostic.path)'")
        require(diagnostic.line != nil && diagnostic.column != nil, "render error without a place: \(diagnostic)")
        checkDiagnostics([diagnostic], path: diagnostic.path)
    }
    return 0
}

private let templateNames = ["page", "a", "b", "c"]

/// A little of everything a page model holds: text that needs escaping, numbers, flags, lists
/// (one empty) and nested objects.
private let templateContext: TemplateValue = [
    "title": "Rome & <Naples> \"1\"",
    "count": 3,
    "ratio": 1.5,
    "yes": true,
    "no": false,
    "none": nil,
    "empty": [],
    "items": [["name": "a", "n": 1], ["name": "b<", "n": 2, "last": true]],
    "photo": ["title": "Dunes", "tags": ["sand", "dusk"], "size": ["width": 800, "height": 600]],
]
