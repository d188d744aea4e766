/// One field's value, typed by its kind (`MetadataKind`).
package enum MetadataValue: Sendable, Equatable {
    case text(String)
    case texts([String])
    case number(Double)
    case integer(Int)
    case flag(Bool)
    case date(PhotoDate)
    case renditions([Rendition])

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    var texts: [String]? {
        if case .texts(let value) = self { return value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var flag: Bool? {
        if case .flag(let value) = self { return value }
        return nil
    }

    var date: PhotoDate? {
        if case .date(let value) = self { return value }
        return nil
    }

    var renditions: [Rendition]? {
        if case .renditions(let value) = self { return value }
        return nil
    }

    /// Adds the value to an album signature: its kind, then its content.
    func add(to hash: inout Fingerprint) {
        switch self {
        case .text(let text):
            hash.add(0)
            hash.add(text)
        case .texts(let texts):
            hash.add(1)
            hash.add(texts) { $0.add($1) }
        case .number(let number):
            hash.add(2)
            hash.add(number)
        case .integer(let number):
            hash.add(3)
            hash.add(number)
        case .flag(let flag):
            hash.add(4)
            hash.add(flag)
        case .date(let date):
            hash.add(5)
            hash.add(date.iso8601)
        case .renditions(let renditions):
            hash.add(6)
            hash.add(renditions) { hash, rendition in
                hash.add(rendition.src)
                hash.add(rendition.width)
                hash.add(rendition.height)
            }
        }
    }
}
