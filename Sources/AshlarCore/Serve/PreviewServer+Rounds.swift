extension PreviewServer {
    /// Makes the renditions the first build (``PreviewRounds/first``) left for later, in the
    /// rounds ``PreviewRounds`` sets out, reporting each as it ends. Nothing when the first
    /// build failed or left nothing.
    package func makeDeferredRenditions(after first: BuildOutcome, report: (BuildOutcome) -> Void) {
        guard case .built(let result) = first else { return }
        var scope = PreviewRounds.first
        var deferred = result.renditionsDeferred
        while let next = PreviewRounds.next(after: scope, deferred: deferred) {
            let outcome = rebuild(renditions: next)
            report(outcome)
            scope = next
            // A failed round made nothing for sure: the next one tries again.
            if case .built(let result) = outcome { deferred = result.renditionsDeferred } else { deferred = 1 }
        }
    }
}
