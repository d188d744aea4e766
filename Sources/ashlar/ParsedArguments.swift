/// A subcommand's arguments after parsing: option values by long name, flags, positionals.
struct ParsedArguments: Sendable {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false

    /// A usage error: exit 64 with this message.
    struct UsageError: Error, Sendable {
        var message: String
    }

    /// Parses `arguments` against `spec`. `--` ends options; `--name=value` and `--name value`
    /// both work; unknown options get a "did you mean".
    init(_ arguments: [String], spec: CommandSpec, suggest: (String, [String]) -> String?) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                wantsHelp = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
            } else {
                guard argument.count == 2, let short = argument.last,
                    let option = spec.options.first(where: { $0.short == short })
                else {
                    throw UsageError(message: "unknown option '\(argument)' for 'ashlar \(spec.name)'")
                }
                name = option.long
            }
            guard let option = spec.options.first(where: { $0.long == name }) else {
                var message = "unknown option '--\(name)' for 'ashlar \(spec.name)'"
                if let suggestion = suggest(name, spec.options.map(\.long)) {
                    message += "; did you mean '--\(suggestion)'?"
                }
                throw UsageError(message: message)
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw UsageError(message: "'--\(name)' takes no value") }
                flags.insert(name)
                continue
            }
            if let inlineValue {
                values[name] = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "'--\(name)' needs a value (\(option.valueName ?? "VALUE"))")
                }
                values[name] = arguments[index]
                index += 1
            }
        }
        if wantsHelp { return }
        if positionals.count > spec.arguments.count {
            throw UsageError(message: "unexpected argument '\(positionals[spec.arguments.count])' for 'ashlar \(spec.name)'")
        }
        for (position, argument) in spec.arguments.enumerated() where argument.defaultValue == nil && position >= positionals.count {
            throw UsageError(message: "'ashlar \(spec.name)' needs \(argument.name)")
        }
    }

    func positional(_ position: Int, default fallback: String) -> String {
        position < positionals.count ? positionals[position] : fallback
    }
}
