/// What `ashlar` takes in place of a command: `--help` or `--version`.
struct GlobalOptions: ParsableOptions, Equatable {
    var help = false
    var version = false

    static let options: [OptionDeclaration<Self>] = [
        .help(\.help),
        .flag(\.version, long: "version", help: "Show the version."),
    ]

    /// The options `argument` sets, when it is exactly one of them (`--help=x` is not).
    init?(_ argument: String) {
        self.init()
        guard let declaration = Self.options.first(where: { $0.matches(argument) }),
            case .flag(let set) = declaration.kind
        else { return nil }
        set(&self)
    }

    init() {}
}
