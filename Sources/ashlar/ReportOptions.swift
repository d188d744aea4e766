/// The options `build` and `check` share: how strict to be and how to report.
struct ReportOptions: ParsableOptions, Equatable {
    var strict = false
    var json = false

    static let options: [OptionDeclaration<Self>] = [
        .flag(
            \.strict, long: "strict",
            help: "Treat warnings as errors (exit 1); also warn where a photo's IPTC-IIM and XMP disagree."),
        .flag(\.json, long: "json", help: "Print a JSON report on standard output instead of the summary."),
    ]

    /// 1 when there are errors, or warnings under `--strict`; else 0.
    func exitCode(errors: Int, warnings: Int) -> Int32 {
        errors > 0 || (strict && warnings > 0) ? 1 : 0
    }
}
