import AshlarCore
import Foundation

/// Dispatches `ashlar COMMAND …` to its subcommand.
enum AshlarCommand {
    static let version = AshlarVersion.current

    static let commands: [CommandSpec] = [BuildCommand.spec, ServeCommand.spec, InitCommand.spec, CheckCommand.spec, RenderCommand.spec]

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Output.error(overview)
            return 64
        }
        switch first {
        case "--help", "-h":
            Output.print(overview)
            return 0
        case "--version":
            Output.print("ashlar \(version)")
            return 0
        case "help":
            guard arguments.count > 1 else {
                Output.print(overview)
                return 0
            }
            guard let spec = commands.first(where: { $0.name == arguments[1] }) else {
                return usageError(unknownCommand(arguments[1]))
            }
            Output.print(spec.help)
            return 0
        default:
            break
        }
        guard let spec = commands.first(where: { $0.name == first }) else {
            return usageError(unknownCommand(first))
        }
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: spec, suggest: Suggestion.closest)
        } catch {
            return usageError(error.message + "\nUsage: \(spec.usage)\nSee 'ashlar help \(spec.name)'.")
        }
        if parsed.wantsHelp {
            Output.print(spec.help)
            return 0
        }
        switch spec.name {
        case BuildCommand.spec.name: return BuildCommand.run(parsed)
        case CheckCommand.spec.name: return CheckCommand.run(parsed)
        case RenderCommand.spec.name: return RenderCommand.run(parsed)
        case ServeCommand.spec.name: return ServeCommand.run(parsed)
        case InitCommand.spec.name: return InitCommand.run(parsed)
        default: return usageError(unknownCommand(first))
        }
    }

    static func unknownCommand(_ name: String) -> String {
        var message = "unknown command '\(name)'"
        if let suggestion = Suggestion.closest(to: name, among: commands.map(\.name) + ["help"]) {
            message += "; did you mean '\(suggestion)'?"
        }
        return message + "\nSee 'ashlar --help'."
    }

    static func usageError(_ message: String) -> Int32 {
        Output.error("ashlar: error: " + message)
        return 64
    }

    static var overview: String {
        var text = """
            ashlar \(version): a static photo-gallery generator with a CSS-only masonry layout.

            Usage: ashlar COMMAND [options] [arguments]

            Commands:

            """
        for spec in commands {
            text += "  " + spec.name.padding(toLength: 10) + spec.abstract + "\n"
        }
        text += """
              help      Show help for a command.

            Options:
              -h, --help  Show this help.
              --version   Show the version.

            Exit codes: 0 success, 1 content errors, 64 usage errors.
            See 'ashlar help COMMAND' for a command's options.

            """
        return text
    }
}

/// Results go to standard output, diagnostics to standard error.
enum Output {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes exactly these bytes to standard output.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
