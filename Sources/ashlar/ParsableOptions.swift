/// A set of options declared once and filled by `ArgumentParser`: a command, or a group of
/// options several commands share (`SiteOptions`, `ReportOptions`).
protocol ParsableOptions: Sendable {
    /// Every option at its default, before parsing.
    init()

    /// In the order help lists them.
    static var options: [OptionDeclaration<Self>] { get }
}

extension ParsableOptions {
    /// This group's options for a command that holds the group in `field`.
    static func options<Outer>(in field: WritableKeyPath<Outer, Self> & Sendable) -> [OptionDeclaration<Outer>] {
        options.map { $0.within(field) }
    }
}
