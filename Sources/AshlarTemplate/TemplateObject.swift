/// A template object's members, each key once, in the order they were first written.
///
/// Not a `Dictionary`: a page's data is a tree of small objects (a photo's details, a tile, a
/// link) built once, read by name a few times and thrown away. A dictionary hashes every key
/// when it is built and every name a template looks up — including each miss on the way down the
/// context stack. A scan of a few dozen keys, skipping those of another length before comparing
/// text, costs less than one hash of the name. Measured on the 10,000-photo benchmark site
/// (`ashlar-bench build`, callgrind, one job): hashing and dictionary probing were
/// 1.1 G of the build's 7.6 G instructions before this type.
///
/// Objects larger than ``indexedCount`` (user data from JSON can hold thousands of members)
/// keep a dictionary from key to position beside the members, so neither building nor looking
/// up is quadratic.
public struct TemplateObject: Sendable {
    /// One member: a key and its value.
    public struct Member: Sendable, Equatable {
        public let key: String
        public var value: TemplateValue
    }

    /// The members, each key once, in the order first written.
    public private(set) var members: [Member]
    /// Positions in `members` by key; only for objects over ``indexedCount`` members.
    private var index: [String: Int]?

    /// Above this many members, keys are found through a dictionary rather than a scan.
    public static let indexedCount = 32

    /// An empty object.
    public init() {
        members = []
    }

    /// An object of `pairs`; a repeated key keeps its last value, in its first place.
    public init(_ pairs: some Sequence<(String, TemplateValue)>) {
        members = []
        members.reserveCapacity(pairs.underestimatedCount)
        for (key, value) in pairs { self[key] = value }
    }

    /// How many members the object has.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The value of `key`, or nil; setting nil removes the member.
    public subscript(key: String) -> TemplateValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return members[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    index?[key] = members.count - 1
                } else if members.count > Self.indexedCount {
                    rebuildIndex()
                }
            }
        }
    }

    /// Where `key` is in `members`.
    @inline(__always)
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        // Lengths first: most keys a template meets differ in length from the one it asks for,
        // and a length is a load where comparing text is a call.
        let length = key.utf8.count
        for position in members.indices where members[position].key.utf8.count == length {
            if members[position].key == key { return position }
        }
        return nil
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexedCount else {
            index = nil
            return
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { positions[member.key] = position }
        index = positions
    }
}

extension TemplateObject: Equatable {
    /// Objects are equal when they have the same keys with equal values, in any order.
    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// Builds an object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }
}

extension TemplateObject: Sequence {
    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }

    public var underestimatedCount: Int { members.count }
}
