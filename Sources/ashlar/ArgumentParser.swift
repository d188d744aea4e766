import AshlarCore

/// Fills a command from the arguments after its name, driven by its declarations.
///
/// `--name value` and `--name=value` both work, `-x` is a short name, the last of a repeated
/// option wins, `--` ends options and `-` is an argument. Values are converted only once the
/// arguments are known to fit the command, so `--help` wins over a bad number.
enum ArgumentParser {
    static func parse<Parsed: Command>(_ arguments: [String]) throws(UsageError) -> Invocation<Parsed> {
        let declarations = Invocation<Parsed>.options
        var invocation = Invocation<Parsed>()
        var values: [Int: String] = [:]
        var positionals: [String] = []
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
            let (position, inlineValue) = try find(argument, among: declarations, command: Parsed.name)
            let declaration = declarations[position]
            switch declaration.kind {
            case .flag(let set):
                guard inlineValue == nil else { throw UsageError("'--\(declaration.long)' takes no value") }
                set(&invocation)
            case .value(let placeholder, _):
                if let inlineValue {
                    values[position] = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError("'--\(declaration.long)' needs a value (\(placeholder))")
                    }
                    values[position] = arguments[index]
                    index += 1
                }
            }
        }
        if invocation.wantsHelp { return invocation }

        let expected = Parsed.arguments
        if positionals.count > expected.count {
            throw UsageError("unexpected argument '\(positionals[expected.count])' for 'ashlar \(Parsed.name)'")
        }
        for argument in expected.dropFirst(positionals.count) where argument.isRequired {
            throw UsageError("'ashlar \(Parsed.name)' needs \(argument.name)")
        }
        for (argument, value) in zip(expected, positionals) {
            invocation.command[keyPath: argument.field] = value
        }
        for (position, value) in values.sorted(by: { $0.key < $1.key }) {
            if case .value(_, let store) = declarations[position].kind { try store(&invocation, value) }
        }
        return invocation
    }

    /// The declaration `argument` names, by its position, and the value after `=` in `--name=value`.
    private static func find<Root>(
        _ argument: String, among declarations: [OptionDeclaration<Root>], command: String
    ) throws(UsageError) -> (position: Int, inlineValue: String?) {
        guard argument.hasPrefix("--") else {
            guard argument.count == 2, let position = declarations.firstIndex(where: { $0.matches(argument) }) else {
                throw UsageError("unknown option '\(argument)' for 'ashlar \(command)'")
            }
            return (position, nil)
        }
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let position = declarations.firstIndex(where: { $0.long == name }) else {
            var message = "unknown option '--\(name)' for 'ashlar \(command)'"
            if let suggestion = Suggestion.closest(to: name, among: declarations.map(\.long)) {
                message += "; did you mean '--\(suggestion)'?"
            }
            throw UsageError(message)
        }
        return (position, inlineValue)
    }
}
