/// What one reader found in one sidecar: the metadata it could read and every finding about it.
package struct SidecarReading: Sendable, Equatable {
    package var metadata: PhotoMetadata
    package var diagnostics: [Diagnostic]

    package init(metadata: PhotoMetadata = PhotoMetadata(), diagnostics: [Diagnostic] = []) {
        self.metadata = metadata
        self.diagnostics = diagnostics
    }

    /// True when any finding is an error. Fields with invalid values are left `nil` and reading
    /// goes on, so the metadata is still usable; whether to skip the photo is the caller's choice.
    package var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}
