import Foundation
import Testing

/// `ashlar-bench` refuses a command line it cannot honour, before any work: a misspelt option or a
/// malformed value is a usage error (exit 64), not a silent run of the defaults.
@Suite struct BenchCommandLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { (["ashlar-bench"] + arguments).joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(
            arguments: ["scan", "--photo", "10"],
            message: "unknown option '--photo' for 'ashlar-bench scan'; did you mean '--photos'?"),
        Case(
            arguments: ["layout", "--tiles", "100", "--breakpoint", "2"],
            message: "unknown option '--breakpoint' for 'ashlar-bench layout'; did you mean '--breakpoints'?"),
        Case(arguments: ["build", "--verbose", "1"], message: "unknown option '--verbose' for 'ashlar-bench build'"),
        Case(arguments: ["template", "--tiles"], message: "'--tiles' needs a value (N)"),
        Case(arguments: ["scan", "--photos", "--runs", "1"], message: "'--photos' needs a value (N)"),
        Case(arguments: ["layout", "--tiles", "many"], message: "'--tiles' must be a whole number, not 'many'"),
        Case(arguments: ["stress", "--photos=-5"], message: "'--photos' must be a whole number, not '-5'"),
        Case(arguments: ["scan", "photos"], message: "unexpected argument 'photos' for 'ashlar-bench scan'"),
        Case(arguments: ["scna"], message: "unknown benchmark 'scna'; did you mean 'scan'?"),
        Case(
            arguments: ["images", "--run", "2"],
            message: "unknown option '--run' for 'ashlar-bench images'; did you mean '--runs'?"),
        Case(arguments: ["images", "--runs", "0"], message: "'--runs' must be a positive whole number, not '0'"),
        Case(
            arguments: ["quality", "--width", "640"],
            message: "unknown option '--width' for 'ashlar-bench quality'; did you mean '--widths'?"),
        Case(
            arguments: ["quality", "--cjpeg-qualities", "80,x"],
            message: "'--cjpeg-qualities' must be positive whole numbers, not '80,x'"),
        Case(
            arguments: ["quality", "--variants", "nope"],
            message: "unknown variant 'nope' for '--variants'; known: today, tables, adaptive, progressive, new"),
        Case(arguments: ["quality", "--variants"], message: "'--variants' needs a value"),
        Case(
            arguments: ["quality", "--sweep-widths", "640,0"],
            message: "'--sweep-widths' must be positive whole numbers, not '640,0'"),
        Case(
            arguments: ["quality", "--webp-qualities", "80,,90"],
            message: "'--webp-qualities' must be positive whole numbers, not '80,,90'"),
        Case(arguments: ["quality", "--avif-levels", "--widths", "640"], message: "'--avif-levels' needs a value"),
        Case(
            arguments: ["quality", "--variant", "today"],
            message: "unknown option '--variant' for 'ashlar-bench quality'; did you mean '--variants'?"),
        Case(
            arguments: ["quality", "score", "a.ppm"], message: "usage: ashlar-bench quality score REFERENCE DISTORTED"),
        Case(
            arguments: ["images", "resize", "in.pnm", "10", "10", "--liner"],
            message: "unknown option '--liner' for 'ashlar-bench images resize'; did you mean '--linear'?"),
        Case(
            arguments: ["images", "resize", "in.pnm", "10", "10", "--runs", "x"],
            message: "'--runs' must be a positive whole number, not 'x'"),
        Case(
            arguments: ["scaling", "--jobs-list", "1,0"],
            message: "'--jobs-list' must be job counts from 1 to 1024, not '1,0'"),
        Case(
            arguments: ["scaling", "--memory", "4GB"],
            message: "'--memory' must be a size such as 192M, 1.5G or 512K, not '4GB'"),
        Case(arguments: ["scaling", "--runs", "0"], message: "'--runs' must be a positive whole number, not '0'"),
        Case(arguments: ["scaling", "--copies"], message: "'--copies' needs a value"),
        Case(arguments: ["scaling", "photos"], message: "unexpected argument 'photos' for 'ashlar-bench scaling'"),
        Case(
            arguments: ["scaling", "--ashlar", "/nonexistent/ashlar"],
            message: "no ashlar binary at '/nonexistent/ashlar'; give --ashlar PATH"),
        Case(
            arguments: ["images", "peak", "--run", "2"],
            message: "unknown option '--run' for 'ashlar-bench images peak'; did you mean '--runs'?"),
    ]

    @Test(arguments: cases)
    func usageErrorNamesTheOption(_ bench: Case) throws {
        let run = try Ashlar.run(Ashlar.benchBinary, bench.arguments, timeLimit: 20)
        #expect(!run.timedOut, "it ran a benchmark instead")
        #expect(run.status == 64)
        #expect(run.stderr == "ashlar-bench: error: \(bench.message)\n")
        #expect(run.stdout.isEmpty)
    }
}
