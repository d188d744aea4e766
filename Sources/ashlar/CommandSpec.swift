/// What a subcommand accepts, for parsing and for `--help`.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    /// Positional arguments in order, e.g. `SOURCE`, with help and default.
    var arguments: [ArgumentSpec]
    var options: [OptionSpec]

    struct ArgumentSpec: Sendable {
        var name: String
        var help: String
        /// Nil means the argument is required.
        var defaultValue: String?
    }

    struct OptionSpec: Sendable {
        var long: String
        var short: Character?
        /// The value's placeholder (`DIR`); nil for a flag.
        var valueName: String?
        var help: String
        var defaultValue: String?
    }

    var usage: String {
        var line = "ashlar \(name)"
        if !options.isEmpty { line += " [options]" }
        for argument in arguments {
            line += argument.defaultValue == nil ? " \(argument.name)" : " [\(argument.name)]"
        }
        return line
    }

    var help: String {
        var text = "\(abstract)\n\nUsage: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nArguments:\n"
            for argument in arguments {
                var line = "  " + argument.name.padding(toLength: 24) + argument.help
                if let value = argument.defaultValue { line += " (default: \(value))" }
                text += line + "\n"
            }
        }
        text += "\nOptions:\n"
        for option in options + [OptionSpec(long: "help", short: "h", help: "Show this help.")] {
            var flag = option.short.map { "-\($0), " } ?? "    "
            flag += "--\(option.long)"
            if let valueName = option.valueName { flag += " \(valueName)" }
            var line = "  " + flag.padding(toLength: 24) + option.help
            if let value = option.defaultValue { line += " (default: \(value))" }
            text += line + "\n"
        }
        return text
    }
}

extension String {
    /// Pads with spaces to at least `length` characters, always leaving one space.
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
