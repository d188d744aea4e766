/// What one reader found in one sidecar: the metadata it could read and every finding about it.
public struct SidecarReading: Sendable, Equatable {
    public var metadata: PhotoMetadata
    public var diagnostics: [Diagnostic]

    public init(metadata: PhotoMetadata = PhotoMetadata(), diagnostics: [Diagnostic] = []) {
        self.metadata = metadata
        self.diagnostics = diagnostics
    }

    /// True when any finding is an error. Fields with invalid values are left `nil` and reading
    /// goes on, so the metadata is still usable; whether to skip the photo is the caller's choice.
    public var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}
