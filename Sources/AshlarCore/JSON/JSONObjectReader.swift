/// Reads the members of one JSON object by key, for every JSON file Ashlar reads (`ashlar.json`,
/// `album.json`, `theme.json`, Ashlar and exiftool sidecars), so each gets the same checks in the
/// same words:
///
/// - a key given twice is a warning at the second one, and only one of them is read (the last,
///   or for exiftool the first);
/// - a key the file does not know is a warning with a "did you mean";
/// - a value of the wrong kind is a finding naming its key path and quoting what was typed
///   (`'layout.gap' must be a number of pixels from 0 to 200, found "wide"`).
///
/// File readers say which keys exist (`Keys`) and what each value must be (the typed accessors in
/// `JSONObjectReader+Values.swift`); an object inside the object is read with a reader of its own
/// that adds to the same findings. Findings are listed in the file's order whatever order the
/// keys are read in; lines and columns are worked out once, when `diagnostics` is asked for.
struct JSONObjectReader {
    /// The keys an object may hold.
    struct Keys {
        /// Every key the object understands, for "did you mean"; nil when any key is fine
        /// (exiftool writes hundreds of tags, and a reader uses a few).
        let names: [String]?
        /// What a key is called in the unknown-key warning: `'titel' is not NOUN` (`an album key`).
        let noun: String
        /// Whether `null` counts as leaving the key out (`ashlar.json`, sidecars) or is a value
        /// like any other, which the typed accessors then refuse (`album.json`, `theme.json`).
        let nullMeansAbsent: Bool
        /// Which value of a repeated key is read: the last, as JSON parsers do, or the first, as
        /// exiftool lists a tag's values in order of priority (`exiftool -a -json` repeats keys).
        let readsFirstOfRepeated: Bool
        /// `names` by their length in UTF-8 bytes: a key is compared only with names as long as
        /// it is, which is quicker than hashing it.
        private let namesByLength: [[String]]

        init(names: [String]?, noun: String, nullMeansAbsent: Bool, readsFirstOfRepeated: Bool = false) {
            self.names = names
            self.noun = noun
            self.nullMeansAbsent = nullMeansAbsent
            self.readsFirstOfRepeated = readsFirstOfRepeated
            let longest = (names ?? []).map(\.utf8.count).max() ?? -1
            var namesByLength = [[String]](repeating: [], count: longest + 1)
            for name in names ?? [] { namesByLength[name.utf8.count].append(name) }
            self.namesByLength = namesByLength
        }

        /// Whether the object understands `key`.
        func contains(_ key: String) -> Bool {
            guard names != nil else { return true }
            let length = key.utf8.count
            return length < namesByLength.count && namesByLength[length].contains(key)
        }
    }

    /// Where a value sits in the object: a member (`tags`) or an item of a member's list
    /// (`tags[2]`). Key paths are spelt out only for findings.
    enum Place {
        case member(String)
        case item(String, Int)
    }

    let document: JSONDocument
    let path: String
    /// The severity of an invalid value (exiftool's are warnings; an unknown or repeated key is
    /// always a warning).
    let severity: Diagnostic.Severity
    /// Where the object starts, for findings about the object as a whole.
    let offset: Int
    /// The object's key path (`layout`, `renditions[0]`); empty for the file's root.
    let keyPath: String
    private let nullMeansAbsent: Bool
    /// One member for each known key, the one that is read, in the order the keys first appear.
    private var members: [JSONMember] = []
    /// The UTF-8 length of each member's key: most keys differ in length, and comparing integers
    /// costs no reference counting.
    private var keyLengths: [Int] = []
    /// Positions in `members` by key, for objects too large to search one by one (exiftool's).
    private var positions: [String: Int]?
    private var findings: [Finding]

    private struct Finding {
        /// Byte offset in the file, or nil for a finding about the file as a whole.
        var offset: Int?
        var severity: Diagnostic.Severity
        var key: String?
        var message: String
    }

    /// A reader of an object's members (`object` must be an object; anything else reads as an
    /// empty one).
    init(
        _ object: JSONValue, at keyPath: String = "", keys: Keys, in document: JSONDocument, path: String,
        severity: Diagnostic.Severity
    ) {
        self.init(object, at: keyPath, keys: keys, document: document, path: path, severity: severity, findings: [])
    }

    private init(
        _ object: JSONValue, at keyPath: String, keys known: Keys, document: JSONDocument, path: String,
        severity: Diagnostic.Severity, findings: [Finding]
    ) {
        self.document = document
        self.path = path
        self.severity = severity
        self.offset = object.offset
        self.keyPath = keyPath
        self.nullMeansAbsent = known.nullMeansAbsent
        self.findings = findings
        let given = object.members ?? []
        // Usually every member is known and given once: the object's own list is then used as it
        // is. Until a member is left out, `members` is that list, read only below `keyLengths.count`.
        members = given
        var inPlace = true
        keyLengths.reserveCapacity(given.count)
        for (index, member) in given.enumerated() {
            let key = member.key
            if !known.contains(key), let names = known.names {
                var message = "'\(self.keyPath(key))' is not \(known.noun)"
                if let suggestion = Suggestion.closest(to: key, among: names) {
                    message += "; did you mean '\(self.keyPath(suggestion))'?"
                }
                report(message, at: member.keyOffset, key: self.keyPath(key), severity: .warning)
                if inPlace { (members, inPlace) = (Array(given[..<index]), false) }
                continue
            }
            guard let position = position(of: key) else {
                if !inPlace { members.append(member) }
                keyLengths.append(key.utf8.count)
                if positions != nil {
                    positions?[key] = keyLengths.count - 1
                } else if keyLengths.count > Self.largestSearchedObject {
                    positions = Dictionary(
                        uniqueKeysWithValues: members.prefix(keyLengths.count).enumerated().map { ($1.key, $0) })
                }
                continue
            }
            if inPlace { (members, inPlace) = (Array(given[..<index]), false) }
            if !known.readsFirstOfRepeated { members[position] = member }
            let used = known.readsFirstOfRepeated ? "first" : "last"
            report(
                "'\(self.keyPath(key))' is given more than once; the \(used) one is used", at: member.keyOffset,
                key: self.keyPath(key), severity: .warning)
        }
    }

    /// Sidecars and settings have a few keys each: comparing short strings is cheaper than
    /// hashing them into a dictionary.
    private static let largestSearchedObject = 24

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        let length = key.utf8.count
        for index in keyLengths.indices where keyLengths[index] == length && members[index].key == key { return index }
        return nil
    }

    /// The object's known keys, in the order they first appear.
    var keys: [String] {
        members.map(\.key)
    }

    /// The key path of a member of this object.
    func keyPath(_ key: String) -> String {
        keyPath.isEmpty ? key : keyPath + "." + key
    }

    /// The key path of a place in this object: `layout.gap`, `renditions[0]`.
    func keyPath(_ place: Place) -> String {
        switch place {
        case .member(let key): keyPath(key)
        case .item(let key, let index): keyPath(key) + "[\(index)]"
        }
    }

    /// The value of `key`, nil when the key is not given (or is `null` where that means absent).
    func value(_ key: String) -> JSONValue? {
        guard let value = position(of: key).map({ members[$0].value }) else { return nil }
        if nullMeansAbsent, case .null = value.kind { return nil }
        return value
    }

    /// Adds a finding at a byte offset of the file (nil: about the whole file); `severity`
    /// defaults to that of an invalid value.
    mutating func report(
        _ message: String, at offset: Int?, key: String?, severity: Diagnostic.Severity? = nil
    ) {
        findings.append(Finding(offset: offset, severity: severity ?? self.severity, key: key, message: message))
    }

    /// Reports the value at `place` as not what it must be:
    /// `'renditions[0]' must name its width like "IMG_1@800w.jpg", found "IMG_1.jpg"`.
    /// `quoting` false leaves the value out of the message (a password in a URL).
    mutating func reject(_ value: JSONValue, at place: Place, must requirement: String, quoting: Bool = true) {
        let keyPath = keyPath(place)
        let found = quoting ? ", found \(document.found(value))" : ""
        report("'\(keyPath)' \(requirement)\(found)", at: value.offset, key: keyPath)
    }

    /// Reports the value at `place` as not what it must be: `'title' must be a string, found 3`.
    mutating func reject(_ value: JSONValue, at place: Place, expected: String) {
        reject(value, at: place, must: "must be " + expected)
    }

    /// Reports that this object lacks a key it needs: `'layout.breakpoints[0]' is missing 'columns'`.
    mutating func reportMissing(_ key: String) {
        report("'\(keyPath)' is missing '\(key)'", at: offset, key: keyPath)
    }

    /// Reads `value`, which must be an object (otherwise it is reported as `expected`), with a
    /// reader of its own whose findings join these.
    mutating func object<Result>(
        _ value: JSONValue, at place: Place, keys: Keys, expected: String = "an object",
        _ read: (inout JSONObjectReader) -> Result
    ) -> Result? {
        guard value.members != nil else {
            reject(value, at: place, expected: expected)
            return nil
        }
        // The findings move to the inner reader and back, so neither copies them.
        var reader = JSONObjectReader(
            value, at: keyPath(place), keys: keys, document: document, path: path, severity: severity,
            findings: findings)
        findings = []
        let result = read(&reader)
        findings = reader.findings
        return result
    }

    /// Reads the object at `key`, when given, with a reader of its own; see `object(_:at:keys:expected:_:)`.
    mutating func object<Result>(_ key: String, keys: Keys, _ read: (inout JSONObjectReader) -> Result) -> Result? {
        guard let value = value(key) else { return nil }
        return object(value, at: .member(key), keys: keys, read)
    }

    /// Every finding, in the order of the file, as diagnostics with lines and columns.
    var diagnostics: [Diagnostic] {
        // Sorting by offset (ties in reporting order) lists findings in the file's order whatever
        // order the keys were read in; the whole-file ones go last.
        let ordered = findings.enumerated().sorted {
            ($0.element.offset ?? Int.max, $0.offset) < ($1.element.offset ?? Int.max, $1.offset)
        }
        var locator = SourceLocator(bytes: document.bytes)
        return ordered.map { _, finding in
            Diagnostic(
                finding.severity, path: path, at: finding.offset.map { locator.location(of: $0) }, key: finding.key,
                message: finding.message)
        }
    }
}

extension JSONObjectReader {
    /// Parses a file and reads its root, which must be an object (`NAME must be a JSON object,
    /// found …`), with `read`. A syntax error or a root of another kind is the one finding, and
    /// `read` is not called.
    static func read<Result>(
        _ bytes: [UInt8], path: String, name: String, keys: Keys, severity: Diagnostic.Severity = .error,
        _ read: (inout JSONObjectReader) -> Result
    ) -> (Result?, [Diagnostic]) {
        do {
            let document = try JSONDocument(bytes: bytes)
            return Self.read(document, path: path, name: name, keys: keys, severity: severity, read)
        } catch {
            return (nil, [error.diagnostic(path: path, bytes: bytes)])
        }
    }

    /// Reads an already parsed file's root object; see `read(_:path:name:keys:severity:_:)`.
    static func read<Result>(
        _ document: JSONDocument, path: String, name: String, keys: Keys, severity: Diagnostic.Severity = .error,
        _ read: (inout JSONObjectReader) -> Result
    ) -> (Result?, [Diagnostic]) {
        let root = document.root
        guard root.members != nil else {
            let location = document.location(of: root.offset)
            let message = "\(name) must be a JSON object, found \(document.found(root))"
            return (nil, [.error(message, path: path, at: location)])
        }
        var reader = JSONObjectReader(root, keys: keys, in: document, path: path, severity: severity)
        let result = read(&reader)
        return (result, reader.diagnostics)
    }
}
