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

/// One entry of help: a name in a column of its own, then what it means, wrapped so that no
/// line is wider than a standard terminal. A name too wide for its column has the explanation
/// start on the next line.
enum HelpLine {
    /// The widest line help prints.
    static let width = 80
    /// Where explanations start: after the two-space indent and a 24-character name column.
    static let column = 26

    static func format(
        _ name: String, _ help: String, default defaultDescription: String?, column: Int = column
    ) -> String {
        // The default stays on one line: "(default:" alone at a line's end reads badly.
        var words = help.split(separator: " ").map(String.init)
        if let defaultDescription { words.append("(default: \(defaultDescription))") }
        let indent = String(repeating: " ", count: column)
        var lines: [String] = []
        var line = "  " + name
        if line.count < column {
            line = line.padding(toLength: column)
        } else {
            lines.append(line)
            line = indent
        }
        var lineIsEmpty = true
        for word in words {
            if !lineIsEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
                lineIsEmpty = true
            }
            line += (lineIsEmpty ? "" : " ") + word
            lineIsEmpty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A paragraph wrapped at `width`, without a final newline.
    static func wrapped(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Pads with spaces to at least `length` characters, always leaving one space.
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
