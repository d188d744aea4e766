import Testing

@testable import AshlarCore

/// `serve` prints each round's diagnostics only when the round before did not have them.
@Suite struct DiagnosticEchoTests {
    @Test func eachFindingOnceWhileItLasts() {
        let echo = DiagnosticEcho()
        let alt = Diagnostic.warning("missing alt text", path: "a.jpg")
        let json = Diagnostic.error("expected a value", path: "b.json", at: SourceLocation(line: 3, column: 1))
        #expect(echo.fresh([alt]) == [alt])
        #expect(echo.fresh([alt, json]) == [json], "only the new one")
        #expect(echo.fresh([alt, json]).isEmpty, "the same round again")
        #expect(echo.fresh([json]).isEmpty, "a finding gone says nothing")
        #expect(echo.fresh([alt, json]) == [alt], "a finding back is said again")
        #expect(echo.fresh([]).isEmpty)
    }
}
