extension JSONSyntaxError {
    /// This error as a diagnostic at its line and column.
    package func diagnostic(path: String, bytes: [UInt8]) -> Diagnostic {
        .error(reason, path: path, at: SourceLocation(offset: offset, in: bytes))
    }
}
