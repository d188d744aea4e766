import Testing

@testable import ashlar

/// The parser fills each command's typed options from its declarations, and help is derived
/// from the same declarations.
@Suite struct ArgumentParserTests {
    /// `ashlar NAME arguments…` and the command it should parse into.
    struct Parse<Parsed: Command & Equatable>: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var expected: Parsed

        init(_ arguments: [String], _ expected: Parsed) {
            self.arguments = arguments
            self.expected = expected
        }

        var testDescription: String { (["ashlar", Parsed.name] + arguments).joined(separator: " ") }

        func check() throws {
            let invocation: Invocation<Parsed> = try ArgumentParser.parse(arguments)
            #expect(!invocation.wantsHelp)
            #expect(invocation.command == expected)
        }
    }

    @Test(arguments: [
        Parse([], BuildCommand()),
        Parse(["photos"], BuildCommand(source: "photos")),
        Parse(["-o", "out"], BuildCommand(site: SiteOptions(output: "out"))),
        Parse(["--output", "out"], BuildCommand(site: SiteOptions(output: "out"))),
        Parse(["--output=out"], BuildCommand(site: SiteOptions(output: "out"))),
        Parse(["--output=a=b"], BuildCommand(site: SiteOptions(output: "a=b"))),
        Parse(["--output="], BuildCommand(site: SiteOptions(output: ""))),
        Parse(["--config", "site.json"], BuildCommand(site: SiteOptions(config: "site.json"))),
        Parse(["--config=site.json"], BuildCommand(site: SiteOptions(config: "site.json"))),
        Parse(["--clean"], BuildCommand(site: SiteOptions(clean: true))),
        Parse(["--force"], BuildCommand(site: SiteOptions(force: true))),
        Parse(["--strict"], BuildCommand(report: ReportOptions(strict: true))),
        Parse(["--json"], BuildCommand(report: ReportOptions(json: true))),
        Parse(["--layout-manifest", "layout.json"], BuildCommand(layoutManifest: "layout.json")),
        Parse(["--layout-manifest=layout.json"], BuildCommand(layoutManifest: "layout.json")),
        Parse(["-q"], BuildCommand(quiet: true)),
        Parse(["--quiet"], BuildCommand(quiet: true)),
        Parse(["--quiet", "-q", "--quiet"], BuildCommand(quiet: true)),
        Parse(["-o", "a", "--output", "b", "--output=c"], BuildCommand(site: SiteOptions(output: "c"))),
        Parse(["--output", "--strict"], BuildCommand(site: SiteOptions(output: "--strict"))),
        Parse(["--output", "-"], BuildCommand(site: SiteOptions(output: "-"))),
        Parse(["-"], BuildCommand(source: "-")),
        Parse(["--", "--clean"], BuildCommand(source: "--clean")),
        Parse(["--clean", "--", "-q"], BuildCommand(source: "-q", site: SiteOptions(clean: true))),
        Parse(
            [
                "photos", "-o", "out", "--config", "c.json", "--clean", "--force", "--strict", "--json",
                "--layout-manifest", "l.json", "-q",
            ],
            BuildCommand(
                source: "photos", site: SiteOptions(output: "out", config: "c.json", clean: true, force: true),
                report: ReportOptions(strict: true, json: true), layoutManifest: "l.json", quiet: true)),
    ])
    func build(_ parse: Parse<BuildCommand>) throws {
        try parse.check()
    }

    @Test(arguments: [
        Parse([], ServeCommand()),
        Parse(["photos"], ServeCommand(source: "photos")),
        Parse(["-p", "8080"], ServeCommand(port: 8080)),
        Parse(["--port", "0"], ServeCommand(port: 0)),
        Parse(["--port=65535"], ServeCommand(port: 65535)),
        Parse(["--port", "8000"], ServeCommand(port: 8000)),
        Parse(["--port", "x", "--port", "9000"], ServeCommand(port: 9000)),
        Parse(["--host", "0.0.0.0"], ServeCommand(host: "0.0.0.0")),
        Parse(["--host=::"], ServeCommand(host: "::")),
        Parse(["--open"], ServeCommand(open: true)),
        Parse(["-o", "out"], ServeCommand(site: SiteOptions(output: "out"))),
        Parse(["--output=out"], ServeCommand(site: SiteOptions(output: "out"))),
        Parse(["--config", "c.json"], ServeCommand(site: SiteOptions(config: "c.json"))),
        Parse(["--clean"], ServeCommand(site: SiteOptions(clean: true))),
        Parse(["--force"], ServeCommand(site: SiteOptions(force: true))),
        Parse(
            ["--open", "photos", "-p", "1", "--host", "::1", "-o", "out", "--config=c.json", "--clean", "--force"],
            ServeCommand(
                source: "photos", port: 1, host: "::1", open: true,
                site: SiteOptions(output: "out", config: "c.json", clean: true, force: true))),
    ])
    func serve(_ parse: Parse<ServeCommand>) throws {
        try parse.check()
    }

    @Test(arguments: [
        Parse([], CheckCommand()),
        Parse(["photos"], CheckCommand(source: "photos")),
        Parse(["--config", "c.json"], CheckCommand(config: "c.json")),
        Parse(["--config=c.json"], CheckCommand(config: "c.json")),
        Parse(["--strict"], CheckCommand(report: ReportOptions(strict: true))),
        Parse(["--json"], CheckCommand(report: ReportOptions(json: true))),
        Parse(["--", "--odd"], CheckCommand(source: "--odd")),
        Parse(
            ["--json", "photos", "--strict", "--config", "c.json"],
            CheckCommand(source: "photos", config: "c.json", report: ReportOptions(strict: true, json: true))),
    ])
    func check(_ parse: Parse<CheckCommand>) throws {
        try parse.check()
    }

    @Test(arguments: [
        Parse([], InitCommand()),
        Parse(["new-site"], InitCommand(folder: "new-site")),
        Parse(["--theme"], InitCommand(theme: true)),
        Parse(["new-site", "--theme"], InitCommand(folder: "new-site", theme: true)),
    ])
    func initialise(_ parse: Parse<InitCommand>) throws {
        try parse.check()
    }

    @Test(arguments: [
        Parse(["page.mustache"], RenderCommand(template: "page.mustache")),
        Parse(["page.mustache", "-d", "data.json"], RenderCommand(template: "page.mustache", data: "data.json")),
        Parse(["--data", "data.json", "t"], RenderCommand(template: "t", data: "data.json")),
        Parse(["--data=data.json", "t"], RenderCommand(template: "t", data: "data.json")),
        Parse(["-p", "partials", "t"], RenderCommand(template: "t", partials: "partials")),
        Parse(["--partials", "partials", "t"], RenderCommand(template: "t", partials: "partials")),
        Parse(["--partials=partials", "t"], RenderCommand(template: "t", partials: "partials")),
        Parse(["-d", "a.json", "--data", "b.json", "t"], RenderCommand(template: "t", data: "b.json")),
    ])
    func render(_ parse: Parse<RenderCommand>) throws {
        try parse.check()
    }

    static let commands: [any EquatableCommand.Type] = [
        BuildCommand.self, ServeCommand.self, InitCommand.self, CheckCommand.self, RenderCommand.self,
    ]

    /// Whatever the tables above miss: every declared option, by each of its names, changes the
    /// command, and no two options land in the same field.
    @Test(arguments: commands)
    func everyOptionLandsInAFieldOfItsOwn(_ command: any EquatableCommand.Type) throws {
        try Self.checkEveryOptionLandsInAFieldOfItsOwn(command)
    }

    static func checkEveryOptionLandsInAFieldOfItsOwn<Parsed: Command & Equatable>(_: Parsed.Type) throws {
        let required = Parsed.arguments.filter(\.isRequired).map { _ in "argument" }
        let unchanged: Invocation<Parsed> = try ArgumentParser.parse(required)
        var seen: [Parsed] = []
        for option in Parsed.options {
            // A value each option takes: a number, or `--shard`'s K/N.
            let value = option.placeholder.map { [$0 == "K/N" ? "1/2" : "7"] } ?? []
            let long: Invocation<Parsed> = try ArgumentParser.parse(["--\(option.long)"] + value + required)
            #expect(long.command != unchanged.command, "--\(option.long) changes nothing")
            #expect(!seen.contains(long.command), "--\(option.long) sets what an earlier option sets")
            if let short = option.short {
                let shortForm: Invocation<Parsed> = try ArgumentParser.parse(["-\(short)"] + value + required)
                #expect(shortForm.command == long.command, "-\(short) and --\(option.long) differ")
            }
            seen.append(long.command)
        }
        #expect(Set(Parsed.options.map(\.long)).count == Parsed.options.count, "a long name is declared twice")
        let shorts = Parsed.options.compactMap(\.short) + ["h"]
        #expect(Set(shorts).count == shorts.count, "a short name is declared twice")
    }

    /// What `ashlar NAME arguments…` reports as a usage error (after `ashlar: error: `).
    struct Failure: Sendable, CustomTestStringConvertible {
        var command: any Command.Type
        var arguments: [String]
        var message: String

        init(_ command: any Command.Type, _ arguments: [String], _ message: String) {
            self.command = command
            self.arguments = arguments
            self.message = message
        }

        var testDescription: String { (["ashlar", command.name] + arguments).joined(separator: " ") }
    }

    @Test(arguments: [
        Failure(
            BuildCommand.self, ["--ouput", "x"],
            "unknown option '--ouput' for 'ashlar build'; did you mean '--output'?"),
        Failure(
            BuildCommand.self, ["--Output=x"],
            "unknown option '--Output' for 'ashlar build'; did you mean '--output'?"),
        Failure(BuildCommand.self, ["--hlep"], "unknown option '--hlep' for 'ashlar build'; did you mean '--help'?"),
        Failure(BuildCommand.self, ["--bogus"], "unknown option '--bogus' for 'ashlar build'"),
        Failure(BuildCommand.self, ["--bogus", "--help"], "unknown option '--bogus' for 'ashlar build'"),
        Failure(BuildCommand.self, ["-z"], "unknown option '-z' for 'ashlar build'"),
        Failure(BuildCommand.self, ["-oDIR"], "unknown option '-oDIR' for 'ashlar build'"),
        Failure(BuildCommand.self, ["-qq"], "unknown option '-qq' for 'ashlar build'"),
        Failure(BuildCommand.self, ["--output"], "'--output' needs a value (DIR)"),
        Failure(BuildCommand.self, ["-o"], "'--output' needs a value (DIR)"),
        Failure(BuildCommand.self, ["--layout-manifest"], "'--layout-manifest' needs a value (FILE)"),
        Failure(BuildCommand.self, ["a", "b"], "unexpected argument 'b' for 'ashlar build'"),
        Failure(BuildCommand.self, ["--strict=yes"], "'--strict' takes no value"),
        Failure(BuildCommand.self, ["--help=x"], "'--help' takes no value"),
        Failure(CheckCommand.self, ["--output", "x"], "unknown option '--output' for 'ashlar check'"),
        Failure(CheckCommand.self, ["--jsn"], "unknown option '--jsn' for 'ashlar check'; did you mean '--json'?"),
        Failure(CheckCommand.self, ["--config"], "'--config' needs a value (FILE)"),
        Failure(
            ServeCommand.self, ["--prot", "80"],
            "unknown option '--prot' for 'ashlar serve'; did you mean '--port'?"),
        Failure(ServeCommand.self, ["--port", "70000"], "'--port' must be a number from 0 to 65535, found '70000'"),
        Failure(ServeCommand.self, ["--port", "x"], "'--port' must be a number from 0 to 65535, found 'x'"),
        Failure(ServeCommand.self, ["--port="], "'--port' must be a number from 0 to 65535, found ''"),
        Failure(ServeCommand.self, ["-p", "-1"], "'--port' must be a number from 0 to 65535, found '-1'"),
        Failure(
            ServeCommand.self, ["--port", "80", "--port", "x"],
            "'--port' must be a number from 0 to 65535, found 'x'"),
        Failure(ServeCommand.self, ["--port", "x", "a", "b"], "unexpected argument 'b' for 'ashlar serve'"),
        Failure(ServeCommand.self, ["-p"], "'--port' needs a value (PORT)"),
        Failure(ServeCommand.self, ["--open=1"], "'--open' takes no value"),
        Failure(InitCommand.self, ["--themes"], "unknown option '--themes' for 'ashlar init'; did you mean '--theme'?"),
        Failure(InitCommand.self, ["a", "b"], "unexpected argument 'b' for 'ashlar init'"),
        Failure(RenderCommand.self, [], "'ashlar render' needs TEMPLATE"),
        Failure(RenderCommand.self, ["-d", "data.json"], "'ashlar render' needs TEMPLATE"),
        Failure(
            RenderCommand.self, ["--partial", "x", "t"],
            "unknown option '--partial' for 'ashlar render'; did you mean '--partials'?"),
        Failure(RenderCommand.self, ["-x"], "unknown option '-x' for 'ashlar render'"),
    ])
    func usageErrorNamesTheProblem(_ failure: Failure) {
        #expect(failure.command.usageError(failure.arguments) == failure.message)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["a", "b", "--help"], ["--port", "x", "-h"], ["--open", "--help", "extra"],
    ])
    func helpWinsOverArgumentsAndValues(_ arguments: [String]) throws {
        let invocation: Invocation<ServeCommand> = try ArgumentParser.parse(arguments)
        #expect(invocation.wantsHelp)
    }

    @Test func helpAfterDoubleDashIsAnArgument() throws {
        let invocation: Invocation<BuildCommand> = try ArgumentParser.parse(["--", "--help"])
        #expect(!invocation.wantsHelp)
        #expect(invocation.command.source == "--help")
    }

    @Test(arguments: commands)
    func helpShowsEveryDeclaration(_ command: any EquatableCommand.Type) {
        let help = command.help
        #expect(help.hasPrefix(command.abstract + "\n\nUsage: " + command.usage + "\n"))
        // Compared with the wrapping undone: long lines go on over several.
        for line in command.declarationHelpLines {
            #expect(help.unwrapped.contains(line.unwrapped), "\(line)")
        }
        #expect(help.hasSuffix("  -h, --help              Show this help.\n"))
    }

    @Test func buildHelpIsUnchanged() {
        #expect(
            BuildCommand.help == """
                Build the site from a folder of photos.

                Usage: ashlar build [options] [SOURCE]

                Arguments:
                  SOURCE                  The folder of photos and sidecars. (default: .)

                Options:
                  -o, --output DIR        Where to write the site. (default: SOURCE/_site)
                      --config FILE       The configuration file. (default: SOURCE/ashlar.json)
                      --clean             Remove what the last build wrote, then build from
                                          scratch.
                      --force             Build into a folder that holds files Ashlar did not
                                          write.
                      --base-url URL      Publish at this URL instead of baseURL (deploy
                                          previews). (default: baseURL in ashlar.json)
                  -j, --jobs N            Work on at most N things at once.
                                          (default: every core Ashlar may use)
                      --memory SIZE       Decode photos within SIZE of memory at once (192M,
                                          1.5G). (default: memory in ashlar.json or half of RAM)
                      --cache-dir DIR     Keep renditions between builds here.
                                          (default: SOURCE/.ashlar-cache)
                      --strict            Treat warnings as errors (exit 1); also warn where a
                                          photo's IPTC-IIM and XMP disagree.
                      --json              Print a JSON report on standard output instead of the
                                          summary.
                      --layout-manifest FILE
                                          Write every album page's placements as JSON.
                  -q, --quiet             Print only diagnostics, no summary.
                  -v, --verbose           Also print the memory budget, the most photos decoded
                                          at once and the jobs, and where they come from.
                      --shard K/N         Make only shard K of N of the renditions into the
                                          cache; write no site.
                  -h, --help              Show this help.

                """)
    }

    @Test(arguments: [
        (RenderCommand.self as any Command.Type, "ashlar render [options] TEMPLATE"),
        (InitCommand.self, "ashlar init [options] [DIR]"),
        (ServeCommand.self, "ashlar serve [options] [SOURCE]"),
    ])
    func usageMarksOptionalArguments(_ command: any Command.Type, usage: String) {
        #expect(command.usage == usage)
    }

    @Test func overviewShowsEveryCommandAndGlobalOption() {
        let overview = AshlarCommand.overview
        for command in AshlarCommand.commands {
            #expect(overview.unwrapped.contains(" " + command.name + " " + command.abstract + " "))
        }
        #expect(overview.contains("\n  -h, --help              Show this help.\n"))
        #expect(overview.contains("\n      --version           Show the version.\n"))
    }

    @Test(arguments: [
        ("--help", GlobalOptions(help: true, version: false)), ("-h", GlobalOptions(help: true, version: false)),
        ("--version", GlobalOptions(help: false, version: true)),
    ])
    func globalOptionsMatchExactly(_ argument: String, expected: GlobalOptions) {
        #expect(GlobalOptions(argument) == expected)
    }

    /// Every line of every help text fits an 80-column terminal (`--layout-manifest FILE` once
    /// pushed its explanation past the column, and long explanations ran to 118 characters).
    @Test(arguments: ["overview", "help"] + AshlarCommand.commands.map { $0.name })
    func helpFitsTheWidth(_ name: String) {
        let help =
            switch name {
            case "overview": AshlarCommand.overview
            case "help": AshlarCommand.helpHelp
            default: AshlarCommand.command(named: name)?.help ?? ""
            }
        #expect(!help.isEmpty)
        for line in help.split(separator: "\n") {
            #expect(line.count <= HelpLine.width, "\(line)")
        }
    }

    @Test(arguments: [
        ("  --a", "Short.", nil, "  --a                     Short.\n"),
        (
            "      --layout-manifest FILE", "Write it.", "x",
            "      --layout-manifest FILE\n                          Write it. (default: x)\n"
        ),
        (
            "  -j, --jobs N", "Work on at most N things at once.", "every core",
            "  -j, --jobs N            Work on at most N things at once.\n                          (default: every core)\n"
        ),
    ])
    func helpLinesWrapUnderTheirColumn(_ name: String, _ help: String, _ defaultText: String?, _ expected: String) {
        #expect(HelpLine.format(String(name.dropFirst(2)), help, default: defaultText) == expected)
    }

    @Test(arguments: ["--help=x", "--versio", "-V", "build", "--"])
    func otherWordsAreNotGlobalOptions(_ argument: String) {
        #expect(GlobalOptions(argument) == nil)
    }
}

extension Command {
    /// The message of the usage error `arguments` make, or nil when they parse.
    static func usageError(_ arguments: [String]) -> String? {
        do {
            let _: Invocation<Self> = try ArgumentParser.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    /// One help line for every argument and option declared, built here rather than by the
    /// code under test.
    static var declarationHelpLines: [String] {
        let arguments = arguments.map { argument in
            "  \(argument.name.padding(toLength: 24))\(argument.help)"
                + (argument.defaultDescription.map { " (default: \($0))" } ?? "") + "\n"
        }
        let options = options.map { option in
            let names =
                (option.short.map { "-\($0), " } ?? "    ") + "--\(option.long)"
                + (option.placeholder.map { " \($0)" } ?? "")
            return "  \(names.padding(toLength: 24))\(option.help)"
                + (option.defaultDescription.map { " (default: \($0))" } ?? "") + "\n"
        }
        return arguments + options
    }
}

extension String {
    /// The text with every run of spaces and newlines made one space: help as it reads before
    /// it is wrapped.
    var unwrapped: String {
        split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") + " "
    }
}

/// A command the tests can compare, and list beside others of other types.
protocol EquatableCommand: Command, Equatable {}

extension BuildCommand: EquatableCommand {}
extension ServeCommand: EquatableCommand {}
extension InitCommand: EquatableCommand {}
extension CheckCommand: EquatableCommand {}
extension RenderCommand: EquatableCommand {}

extension GlobalOptions {
    init(help: Bool, version: Bool) {
        self.init()
        self.help = help
        self.version = version
    }
}
