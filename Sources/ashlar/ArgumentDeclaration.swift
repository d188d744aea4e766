/// One positional argument, declared once: its placeholder, its help, and where it goes in `Root`.
struct ArgumentDeclaration<Root>: Sendable {
    var name: String
    var help: String
    /// What help shows as the default; nil means the argument is required.
    var defaultDescription: String?
    var field: WritableKeyPath<Root, String> & Sendable

    /// `[SOURCE]`, the folder of photos `build`, `serve` and `check` read; the field's own
    /// default is `.`.
    static func source(_ field: WritableKeyPath<Root, String> & Sendable) -> Self {
        Self(name: "SOURCE", help: "The folder of photos and sidecars.", defaultDescription: ".", field: field)
    }
}
