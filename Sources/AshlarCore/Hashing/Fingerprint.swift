/// Builds a fingerprint — a ``ContentHash`` of what shaped an output — from typed fields. Each
/// field goes in with its kind and, for text, its length, so two different sequences of fields
/// never hash the same input: no separators chosen by hand, no sentinel text standing for
/// "absent" that a photo's title could also be.
package struct Fingerprint: Sendable {
    private var hash = ContentHash()

    package init() {}

    private enum Kind: UInt8 {
        case text = 1
        case absent, number, flag, bytes, count
    }

    private mutating func kind(_ kind: Kind) {
        withUnsafeBytes(of: kind.rawValue) { hash.combine($0) }
    }

    package mutating func add(_ text: String) {
        kind(.text)
        hash.combine(text)
    }

    package mutating func add(_ text: String?) {
        if let text { add(text) } else { kind(.absent) }
    }

    package mutating func add(_ number: Int64) {
        kind(.number)
        hash.combine(number)
    }

    package mutating func add(_ number: Int) {
        add(Int64(number))
    }

    package mutating func add(_ number: Int?) {
        if let number { add(Int64(number)) } else { kind(.absent) }
    }

    /// A number by its bits: 0.1 and 0.1000000001 differ.
    package mutating func add(_ number: Double?) {
        if let number { add(Int64(bitPattern: number.bitPattern)) } else { kind(.absent) }
    }

    package mutating func add(_ flag: Bool) {
        kind(.flag)
        hash.combine(flag ? 1 : 0)
    }

    package mutating func add(_ bytes: [UInt8]) {
        kind(.bytes)
        hash.combine(bytes)
    }

    /// A list: its length, then each element, so [a, b] + [c] and [a] + [b, c] differ.
    package mutating func add<Element>(_ list: [Element], _ each: (inout Fingerprint, Element) -> Void) {
        kind(.count)
        hash.combine(Int64(list.count))
        for element in list { each(&self, element) }
    }

    /// Another fingerprint's value, as a number.
    package mutating func add(_ fingerprint: UInt64) {
        add(Int64(bitPattern: fingerprint))
    }

    /// Sixteen hex digits.
    package var hex: String {
        hash.hex
    }

    /// The fingerprint as a number.
    package var value: UInt64 {
        hash.value
    }
}
