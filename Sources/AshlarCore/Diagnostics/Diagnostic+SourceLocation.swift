extension Diagnostic {
    /// A diagnostic at an optional location.
    init(
        _ severity: Severity, path: String, at location: SourceLocation?, key: String?, message: String
    ) {
        self.init(
            severity, path: path, line: location?.line, column: location?.column, key: key, message: message)
    }
}
