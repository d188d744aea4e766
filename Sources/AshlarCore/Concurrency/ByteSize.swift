/// An amount of memory as `--memory` and `"memory"` take it and `--verbose` prints it: binary
/// units, so `192M` is 192 MiB.
package enum ByteSize {
    /// What ``parse(_:)`` accepts, for messages.
    package static let accepted = "a size such as 192M, 1.5G, 512K or a number of bytes"

    /// `192M`, `4G`, `1.5G`, `512K`, `1T` or a plain number of bytes (letters in either case, `MiB`
    /// and `MB` read as `M`), rounded down to whole bytes; nil for anything else, for nothing, and
    /// for a size that does not fit in an `Int`.
    package static func parse(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var unit = 1
        if let last = digits.last, let shift = ["K": 10, "M": 20, "G": 30, "T": 40][String(last)] {
            unit = 1 << shift
            digits = digits.dropLast()
        } else if digits.count != text.count {
            return nil // `B` or `iB` alone, without a unit before it
        }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), whole.count <= 19,
            let wholeValue = Int(whole)
        else { return nil }
        let (scaled, overflow) = wholeValue.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        guard parts.count == 2 else { return scaled }
        // A fraction of a unit, of up to 9 digits: `fraction × unit / 10^digits`, less than a unit.
        let fraction = parts[1]
        guard unit > 1, !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy(\.isASCIIDigit),
            let fractionValue = Int(fraction)
        else { return nil }
        let power = fraction.reduce(1) { power, _ in power * 10 }
        let part = power.dividingFullWidth(fractionValue.multipliedFullWidth(by: unit)).quotient
        let (total, overflowed) = scaled.addingReportingOverflow(part)
        return overflowed ? nil : total
    }

    /// `1.5 GiB`, `192 MiB`, `512 KiB`, `100 bytes`: the largest unit the size reaches, with at
    /// most one decimal, rounded down.
    package static func format(_ bytes: Int) -> String {
        let units = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")]
        guard let (shift, name) = units.first(where: { bytes >= 1 << $0.0 }) else {
            return bytes == 1 ? "1 byte" : "\(bytes) bytes"
        }
        let whole = bytes >> shift
        let tenth = ((bytes - (whole << shift)) * 10) >> shift
        return tenth == 0 ? "\(whole) \(name)" : "\(whole).\(tenth) \(name)"
    }
}
