/// "Did you mean" for misspelt keys and commands.
public enum Suggestion {
    /// The candidate closest to `word`: a case-insensitive match, or one within two edits
    /// (insertions, deletions, substitutions, swaps of neighbours). Nil when nothing is that close.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let match = candidates.first(where: { $0.lowercased() == lowered }) { return match }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(lowered), Array(candidate.lowercased()))
            let limit = min(2, max(1, candidate.count / 3))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
