import AshlarTemplate

extension Diagnostic {
    /// A template error as a diagnostic.
    public init(_ error: TemplateError) {
        self.init(.error, path: error.path, line: error.line, column: error.column, message: error.reason)
    }
}
