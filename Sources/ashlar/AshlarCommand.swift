import AshlarCore
import Foundation

/// Dispatches `ashlar COMMAND …` to its subcommand.
enum AshlarCommand {
    static let version = AshlarVersion.current

    static let commands: [any Command.Type] = [
        BuildCommand.self, ServeCommand.self, InitCommand.self, CheckCommand.self, RenderCommand.self,
    ]

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Output.error(overview)
            return 64
        }
        if let global = GlobalOptions(first) {
            Output.print(global.version ? "ashlar \(version)" : overview)
            return 0
        }
        if first == "help" {
            guard arguments.count > 1 else {
                Output.print(overview)
                return 0
            }
            guard arguments.count == 2 else {
                return usageError("'help' takes one command, not \(arguments.count - 1)\nSee 'ashlar help help'.")
            }
            if arguments[1] == "help" {
                Output.print(helpHelp)
                return 0
            }
            guard let command = command(named: arguments[1]) else {
                return usageError(unknownCommand(arguments[1]))
            }
            Output.print(command.help)
            return 0
        }
        guard let command = command(named: first) else {
            return usageError(unknownCommand(first))
        }
        return command.main(Array(arguments.dropFirst()))
    }

    /// What `ashlar help help` says.
    static var helpHelp: String {
        var names: [String] = []
        for command in commands { names.append(command.name) }
        return "Show help for a command.\n\nUsage: ashlar help [COMMAND]\n\n"
            + HelpLine.wrapped(
                "With a COMMAND (" + names.joined(separator: ", ") + "), its options and arguments, as "
                    + "'ashlar COMMAND --help' shows them; without, the list of commands.")
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    static func unknownCommand(_ name: String) -> String {
        var message = "unknown command '\(name)'"
        if let suggestion = Suggestion.closest(to: name, among: commands.map { $0.name } + ["help"]) {
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
        for command in commands {
            text += HelpLine.format(command.name, command.abstract, default: nil, column: 12)
        }
        text += """
              help      Show help for a command.

            Options:

            """
        for option in GlobalOptions.options {
            text += option.helpLine
        }
        text += """

            Exit codes: 0 success, 1 content errors, 64 usage errors.
            See 'ashlar help COMMAND' for a command's options.

            """
        return text
    }
}
