import Synchronization

/// What a server that builds the site round after round (`ashlar serve`) prints of each round's
/// diagnostics: only those the round before did not have. A warning is said once while it lasts,
/// however many rounds find it (the three of a cold start, every save after), and again if it
/// goes away and comes back.
package final class DiagnosticEcho: Sendable {
    private let lastRound = Mutex<Set<Diagnostic>>([])

    package init() {}

    /// `diagnostics` less those the previous round had, in their order; remembers this round.
    package func fresh(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        lastRound.withLock { last in
            let fresh = diagnostics.filter { !last.contains($0) }
            last = Set(diagnostics)
            return fresh
        }
    }
}
