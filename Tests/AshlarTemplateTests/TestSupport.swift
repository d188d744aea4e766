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

/// A small deterministic generator (SplitMix64) so "random" inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
