/// A command as typed: its options and arguments, or a request for its help, which every
/// command takes beside its own options.
struct Invocation<Parsed: Command>: ParsableOptions {
    var command = Parsed()
    var wantsHelp = false

    static var options: [OptionDeclaration<Self>] {
        Parsed.options(in: \.command) + [.help(\.wantsHelp)]
    }
}
