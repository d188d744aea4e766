import Foundation

/// Orders names by their UTF-8 bytes: the same order on every machine and locale.
enum FileNameOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        // Native strings lend their bytes without a copy; `withUTF8` would need `var` copies.
        let contiguous = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                let common = min(left.count, right.count)
                if common > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let result = memcmp(l, r, common)
                    if result != 0 { return result < 0 }
                }
                return left.count < right.count
            }
        }
        if let contiguous, let result = contiguous { return result }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
