/// Orders names as people read them: `IMG_2` before `IMG_10`, ignoring ASCII case, with a
/// byte-wise comparison as the final tie-break so the order is total and deterministic.
package enum NaturalOrder {
    package static func precedes(_ a: String, _ b: String) -> Bool {
        let result = compare(a, b)
        if result != 0 { return result < 0 }
        return FileNameOrder.precedes(a, b)
    }

    /// Negative, zero or positive, comparing UTF-8 bytes with ASCII letters folded to lowercase
    /// and runs of digits by their value (then by their length, so `2` comes before `02`).
    static func compare(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { left in b.withUTF8 { right in compare(left, right) } }
    }

    static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        var j = 0
        while i < left.count, j < right.count {
            let x = left[i]
            let y = right[j]
            if isDigit(x), isDigit(y) {
                var endI = i
                var endJ = j
                while endI < left.count, isDigit(left[endI]) { endI += 1 }
                while endJ < right.count, isDigit(right[endJ]) { endJ += 1 }
                var startI = i
                var startJ = j
                while startI < endI - 1, left[startI] == UInt8(ascii: "0") { startI += 1 }
                while startJ < endJ - 1, right[startJ] == UInt8(ascii: "0") { startJ += 1 }
                let lengthA = endI - startI
                let lengthB = endJ - startJ
                if lengthA != lengthB { return lengthA < lengthB ? -1 : 1 }
                for offset in 0..<lengthA where left[startI + offset] != right[startJ + offset] {
                    return left[startI + offset] < right[startJ + offset] ? -1 : 1
                }
                if endI - i != endJ - j { return endI - i < endJ - j ? -1 : 1 }
                i = endI
                j = endJ
                continue
            }
            let foldedX = lowercased(x)
            let foldedY = lowercased(y)
            if foldedX != foldedY { return foldedX < foldedY ? -1 : 1 }
            i += 1
            j += 1
        }
        let restA = left.count - i
        let restB = right.count - j
        return restA == restB ? 0 : (restA < restB ? -1 : 1)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
