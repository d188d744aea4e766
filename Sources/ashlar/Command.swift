/// A subcommand, in the spirit of swift-argument-parser's `ParsableCommand`: its stored
/// properties are its options and arguments, filled from the declarations, then `run` uses them.
protocol Command: ParsableOptions {
    static var name: String { get }
    /// One line, for `ashlar --help` and the top of the command's help.
    static var abstract: String { get }
    /// In order; each goes into a `String` field.
    static var arguments: [ArgumentDeclaration<Self>] { get }

    /// The exit code: 0 ok, 1 content errors, 64 usage errors.
    func run() -> Int32
}

extension Command {
    /// Parses `arguments` (those after the command's name) and runs, or prints the help or the
    /// usage error.
    static func main(_ arguments: [String]) -> Int32 {
        let invocation: Invocation<Self>
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            return AshlarCommand.usageError(error.message + "\nUsage: \(usage)\nSee 'ashlar help \(name)'.")
        }
        if invocation.wantsHelp {
            Output.print(help)
            return 0
        }
        return invocation.command.run()
    }
}
