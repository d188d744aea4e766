import AshlarTemplate

extension Diagnostic {
    /// A template error as a diagnostic; line and column 0 mean no place.
    package init(_ error: TemplateError) {
        let placed = error.line > 0
        self.init(.error, path: error.path, line: placed ? error.line : nil, column: placed ? error.column : nil, message: error.reason)
    }
}
