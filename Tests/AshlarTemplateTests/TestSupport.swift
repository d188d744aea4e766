@testable import AshlarTemplate

/// Parses `template` (path "page") and renders it with `partials` as the library.
func render(
    _ template: String, _ data: TemplateValue = [:], partials: [String: String] = [:]
) throws(TemplateError) -> String {
    let library = try TemplateLibrary(sources: partials)
    return try library.render(Template(source: template, path: "page"), with: data)
}

/// The error parsing `source` (path "page") throws, or nil if it parses.
func parseError(_ source: String) -> TemplateError? {
    do {
        _ = try Template(source: source, path: "page")
        return nil
    } catch {
        return error
    }
}
