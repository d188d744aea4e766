/// "Did you mean" for misspelt keys.
package enum Suggestion {
    /// The candidate closest to `word`: a case-insensitive match, or else the nearest within an
    /// edit distance of 2 (insertions, deletions, substitutions and swaps of neighbours), or of 1
    /// for words of three letters or fewer, where two edits turn anything into anything (`foo`
    /// would become `iso`). Nil when nothing is close; ties go to the earlier candidate.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let match = candidates.first(where: { $0.lowercased() == lowered }) { return match }
        let wordScalars = Array(lowered.unicodeScalars)
        let limit = wordScalars.count <= 3 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(wordScalars, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance between two words, or `limit + 1` when it is
    /// certainly larger than `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
