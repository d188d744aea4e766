/// Orders names as people read them: `IMG_2` before `IMG_10`, case-insensitively, with a
/// byte-wise comparison as the final tie-break so the order is total and deterministic.
public enum NaturalOrder {
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let result = compare(a, b)
        if result != 0 { return result < 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Negative, zero or positive, ignoring case; runs of digits compare by value.
    static func compare(_ a: String, _ b: String) -> Int {
        let left = Array(a.lowercased().unicodeScalars)
        let right = Array(b.lowercased().unicodeScalars)
        var i = 0
        var j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                let startI = i
                let startJ = j
                while i < left.count, isDigit(left[i]) { i += 1 }
                while j < right.count, isDigit(right[j]) { j += 1 }
                let digitsA = left[startI..<i].drop { $0 == "0" }
                let digitsB = right[startJ..<j].drop { $0 == "0" }
                if digitsA.count != digitsB.count { return digitsA.count < digitsB.count ? -1 : 1 }
                for (x, y) in zip(digitsA, digitsB) where x != y { return x.value < y.value ? -1 : 1 }
                let zerosA = i - startI
                let zerosB = j - startJ
                if zerosA != zerosB { return zerosA < zerosB ? -1 : 1 }
                continue
            }
            if left[i] != right[j] { return left[i].value < right[j].value ? -1 : 1 }
            i += 1
            j += 1
        }
        if left.count - i != right.count - j { return (left.count - i) < (right.count - j) ? -1 : 1 }
        return 0
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }
}
