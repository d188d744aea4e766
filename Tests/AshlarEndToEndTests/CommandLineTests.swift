import AshlarTestSupport
import Foundation
import Testing

/// The command line follows the conventions of mature tools: help everywhere, "did you mean",
/// `--` ends options, results on stdout, diagnostics on stderr, exit codes 0, 1 and 64.
@Suite struct CommandLineTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func overviewListsEveryCommand(arguments: [String]) throws {
        let run = try Ashlar.run(arguments)
        #expect(run.status == 0)
        for command in ["build", "serve", "init", "check", "render", "help"] {
            #expect(run.stdout.contains("  \(command) "))
        }
        #expect(run.stdout.contains("Exit codes: 0 success, 1 content errors, 64 usage errors."))
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: [["help", "build"], ["build", "--help"], ["build", "-h"]])
    func commandHelpShowsEveryOptionWithItsDefault(arguments: [String]) throws {
        let run = try Ashlar.run(arguments)
        #expect(run.status == 0)
        #expect(run.stdout.contains("Usage: ashlar build [options] [SOURCE]"))
        #expect(run.stdout.contains("-o, --output DIR"))
        #expect(run.stdout.contains("(default: SOURCE/_site)"))
        #expect(run.stdout.contains("--clean"))
    }

    /// `help help` explains `help` (it once answered "unknown command 'help'; did you mean
    /// 'help'?"), and `help` takes one command.
    @Test func helpExplainsItself() throws {
        let run = try Ashlar.run(["help", "help"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Usage: ashlar help [COMMAND]"))
        #expect(run.stderr.isEmpty)
        let extra = try Ashlar.run(["help", "build", "serve"])
        #expect(extra.status == 64)
        #expect(extra.stderr.contains("ashlar: error: 'help' takes one command, not 2"))
        #expect(extra.stdout.isEmpty)
    }

    @Test(arguments: [
        (
            "serve",
            [
                "Usage: ashlar serve [options] [SOURCE]", "-p, --port PORT", "(default: 8000)", "--host HOST",
                "(default: 127.0.0.1)", "--open",
            ]
        ),
        ("init", ["Usage: ashlar init [options] [DIR]", "--theme", "(default: .)"]),
    ])
    func newCommandsHaveHelp(command: String, expected: [String]) throws {
        let run = try Ashlar.run([command, "--help"])
        #expect(run.status == 0)
        for text in expected { #expect(run.stdout.contains(text), "\(text)") }
    }

    /// What the built binary prints as help fits an 80-column terminal, for every command.
    @Test(arguments: [[], ["build"], ["serve"], ["init"], ["check"], ["render"], ["help"]])
    func helpFitsATerminal(_ command: [String]) throws {
        let run = try Ashlar.run(["help"] + command)
        #expect(run.status == 0)
        for line in run.stdout.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test func versionIsPrinted() throws {
        let run = try Ashlar.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("ashlar "))
    }

    @Test(arguments: [
        (["biuld"], "ashlar: error: unknown command 'biuld'; did you mean 'build'?"),
        (
            ["build", "--ouput", "x"],
            "ashlar: error: unknown option '--ouput' for 'ashlar build'; did you mean '--output'?"
        ),
        (["build", "-z"], "ashlar: error: unknown option '-z' for 'ashlar build'"),
        (["build", "--output"], "ashlar: error: '--output' needs a value (DIR)"),
        (["build", "a", "b"], "ashlar: error: unexpected argument 'b' for 'ashlar build'"),
        (["check", "--strict=yes"], "ashlar: error: '--strict' takes no value"),
        (
            ["serve", "--prot", "80"],
            "ashlar: error: unknown option '--prot' for 'ashlar serve'; did you mean '--port'?"
        ),
        (["serve", "--port", "70000"], "ashlar: error: '--port' must be a number from 0 to 65535, found '70000'"),
        (
            ["serve", "-p", "x"],
            "ashlar: error: '--port' must be a number from 0 to 65535, found 'x'\n"
                + "Usage: ashlar serve [options] [SOURCE]\nSee 'ashlar help serve'.\n"
        ),
        (["build", "--help=x"], "ashlar: error: '--help' takes no value\nUsage: ashlar build [options] [SOURCE]\n"),
        (["render"], "ashlar: error: 'ashlar render' needs TEMPLATE\nUsage: ashlar render [options] TEMPLATE\n"),
        (["init", "--themes"], "ashlar: error: unknown option '--themes' for 'ashlar init'; did you mean '--theme'?"),
        ([], "ashlar"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let run = try Ashlar.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func doubleDashEndsOptions() throws {
        let folder = try TemporaryFolder("ashlar-cli")
        try folder.write(TinyPNG.make(width: 3, height: 2), to: "--odd/a.png")
        try folder.write(#"{"title": "A", "alt": "A red card"}"#, to: "--odd/a.png.json")
        let run = try Ashlar.run(["check", "--", "--odd"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "1 photo in 1 album: 0 warnings, 0 errors\n")
    }

    @Test func missingSourceIsAUsageError() throws {
        let run = try Ashlar.run(["build", "/nonexistent/photos"])
        #expect(run.status == 64)
        #expect(run.stderr == "/nonexistent/photos: error: no such source folder\n")
    }
}
