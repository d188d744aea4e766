/// One positional argument, declared once: its placeholder, its help, and where it goes in `Root`.
struct ArgumentDeclaration<Root: ParsableOptions>: Sendable {
    var name: String
    var help: String
    /// An optional argument that is not given leaves the field at its initial value.
    var isRequired = false
    var field: WritableKeyPath<Root, String> & Sendable

    /// What help shows as the default: the field's initial value; nil when the argument is required.
    var defaultDescription: String? {
        isRequired ? nil : Root()[keyPath: field]
    }

    /// `[SOURCE]`, the folder of photos `build`, `serve` and `check` read.
    static func source(_ field: WritableKeyPath<Root, String> & Sendable) -> Self {
        Self(name: "SOURCE", help: "The folder of photos and sidecars.", field: field)
    }
}
