extension Command {
    /// `ashlar build [options] [SOURCE]`.
    static var usage: String {
        var line = "ashlar \(name)"
        if !options.isEmpty { line += " [options]" }
        for argument in arguments {
            line += argument.isRequired ? " \(argument.name)" : " [\(argument.name)]"
        }
        return line
    }

    /// The abstract, the usage, then every argument and option with its help and default.
    static var help: String {
        var text = "\(abstract)\n\nUsage: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nArguments:\n"
            for argument in arguments {
                text += HelpLine.format(argument.name, argument.help, default: argument.defaultDescription)
            }
        }
        text += "\nOptions:\n"
        for option in Invocation<Self>.options {
            text += option.helpLine
        }
        return text
    }
}

extension OptionDeclaration {
    /// `  -o, --output DIR        Where to write the site. (default: SOURCE/_site)`.
    var helpLine: String {
        var names = short.map { "-\($0), " } ?? "    "
        names += "--\(long)"
        if let placeholder { names += " \(placeholder)" }
        return HelpLine.format(names, help, default: defaultDescription)
    }
}

/// One line of help: a name in a column of its own, then what it means.
enum HelpLine {
    static func format(_ name: String, _ help: String, default defaultDescription: String?) -> String {
        var line = "  " + name.padding(toLength: 24) + help
        if let defaultDescription { line += " (default: \(defaultDescription))" }
        return line + "\n"
    }
}

extension String {
    /// Pads with spaces to at least `length` characters, always leaving one space.
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
