import AshlarCore

/// One option, declared once: its names, its value's placeholder, its help, and where a parsed
/// value goes in `Root` — a command, or a group of options several commands share.
struct OptionDeclaration<Root>: Sendable {
    var long: String
    var short: Character?
    var help: String
    /// What help shows as the default, when there is one worth showing.
    var defaultDescription: String?
    var kind: Kind

    enum Kind: Sendable {
        /// Present or not; `--name=value` is an error.
        case flag(set: @Sendable (inout Root) -> Void)
        /// Takes a value, shown in help as `placeholder`; `store` converts it or says why not.
        case value(placeholder: String, store: @Sendable (inout Root, String) throws(UsageError) -> Void)
    }

    /// The value's placeholder (`DIR`); nil for a flag.
    var placeholder: String? {
        if case .value(let placeholder, _) = kind { return placeholder }
        return nil
    }

    /// `-o` or `--output`, exactly as typed.
    func matches(_ argument: String) -> Bool {
        argument == "--\(long)" || short.map { argument == "-\($0)" } == true
    }

    /// The same option for a type that holds `Root` in `group`, as a command holds its shared groups.
    func within<Outer>(_ group: WritableKeyPath<Outer, Root> & Sendable) -> OptionDeclaration<Outer> {
        let outerKind: OptionDeclaration<Outer>.Kind
        switch kind {
        case .flag(let set):
            outerKind = .flag { set(&$0[keyPath: group]) }
        case .value(let placeholder, let store):
            outerKind = .value(placeholder: placeholder) { (outer, value) throws(UsageError) in
                try store(&outer[keyPath: group], value)
            }
        }
        return OptionDeclaration<Outer>(
            long: long, short: short, help: help, defaultDescription: defaultDescription, kind: outerKind)
    }
}

extension OptionDeclaration {
    /// `--name`: sets `field` to true.
    static func flag(
        _ field: WritableKeyPath<Root, Bool> & Sendable, long: String, short: Character? = nil, help: String
    ) -> Self {
        Self(long: long, short: short, help: help, kind: .flag { $0[keyPath: field] = true })
    }

    /// `--name VALUE`: any text, a path or a host name, as given.
    static func string(
        _ field: WritableKeyPath<Root, String?> & Sendable, long: String, short: Character? = nil,
        placeholder: String, help: String, default defaultDescription: String? = nil
    ) -> Self {
        Self(
            long: long, short: short, help: help, defaultDescription: defaultDescription,
            kind: .value(placeholder: placeholder) { $0[keyPath: field] = $1 })
    }

    /// `--name VALUE` for a field with a default of its own.
    static func string(
        _ field: WritableKeyPath<Root, String> & Sendable, long: String, short: Character? = nil,
        placeholder: String, help: String, default defaultDescription: String? = nil
    ) -> Self {
        Self(
            long: long, short: short, help: help, defaultDescription: defaultDescription,
            kind: .value(placeholder: placeholder) { $0[keyPath: field] = $1 })
    }

    /// `--name NUMBER`: a whole number within `range`.
    static func integer(
        _ field: WritableKeyPath<Root, Int?> & Sendable, in range: ClosedRange<Int>, long: String,
        short: Character? = nil, placeholder: String, help: String, default defaultDescription: String? = nil
    ) -> Self {
        Self(
            long: long, short: short, help: help, defaultDescription: defaultDescription,
            kind: .value(placeholder: placeholder) { (root, value) throws(UsageError) in
                guard let number = Int(value), range.contains(number) else {
                    let bounds = "from \(range.lowerBound) to \(range.upperBound)"
                    throw UsageError("'--\(long)' must be a number \(bounds), found '\(value)'")
                }
                root[keyPath: field] = number
            })
    }

    /// `--name SIZE`: an amount of memory (`192M`, `1.5G`, `512K`, bytes), more than nothing.
    static func size(
        _ field: WritableKeyPath<Root, Int?> & Sendable, long: String, placeholder: String, help: String,
        default defaultDescription: String? = nil
    ) -> Self {
        Self(
            long: long, help: help, defaultDescription: defaultDescription,
            kind: .value(placeholder: placeholder) { (root, value) throws(UsageError) in
                guard let bytes = ByteSize.parse(value), bytes > 0 else {
                    throw UsageError("'--\(long)' must be \(ByteSize.accepted), found '\(value)'")
                }
                root[keyPath: field] = bytes
            })
    }

    /// `--memory SIZE`, which `build`, `serve` and `check` take.
    static func memory(_ field: WritableKeyPath<Root, Int?> & Sendable) -> Self {
        .size(
            field, long: "memory", placeholder: "SIZE",
            help: "Decode photos within SIZE of memory at once (192M, 1.5G).",
            default: "memory in ashlar.json or half of RAM")
    }

    /// `-h, --help`, which `ashlar` and every command take.
    static func help(_ field: WritableKeyPath<Root, Bool> & Sendable) -> Self {
        .flag(field, long: "help", short: "h", help: "Show this help.")
    }
}
