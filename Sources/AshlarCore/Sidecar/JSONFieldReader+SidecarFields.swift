extension JSONFieldReader {
    /// A path relative to the sidecar's folder or an `http(s)` URL. Absolute paths, other URL
    /// schemes and control characters are refused here; whether a relative path stays inside the
    /// source tree is decided where the tree is known.
    mutating func source(_ value: JSONValue, key: String) -> String? {
        guard let text = string(value, key: key) else { return nil }
        if let problem = SourceReference.problem(with: text) {
            report("'\(key)' \(problem), found \(text.quotedForMessage)", at: value.offset, key: key)
            return nil
        }
        return text
    }

    mutating func date(_ value: JSONValue, key: String) -> PhotoDate? {
        guard let text = value.stringValue, let date = PhotoDate(parsing: text.trimmingSpaces) else {
            reject(value, key: key, expected: "a date like \"2024-06-01\" or \"2024-06-01T18:30:00\"")
            return nil
        }
        return date
    }

    /// A list of strings or one string; blank tags are dropped, repeats are kept once.
    mutating func tags(_ value: JSONValue, key: String) -> [String]? {
        let items: [(JSONValue, String)]
        switch value.kind {
        case .string: items = [(value, key)]
        case .array(let list): items = list.enumerated().map { ($1, "\(key)[\($0)]") }
        default:
            reject(value, key: key, expected: "a list of strings or a string")
            return nil
        }
        var tags: [String] = []
        for (item, itemKey) in items {
            guard let text = string(item, key: itemKey) else { continue }
            let tag = text.trimmingSpaces
            if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// `"1/250"` or a number of seconds, normalised by `ExposureTime`.
    mutating func exposure(_ value: JSONValue, key: String) -> String? {
        let normalized: String?
        switch value.kind {
        case .string(let text): normalized = ExposureTime.normalized(text)
        case .number(let seconds): normalized = ExposureTime.text(seconds: seconds)
        default: normalized = nil
        }
        if normalized == nil {
            reject(value, key: key, expected: "an exposure time like \"1/250\" or a number of seconds")
        }
        return normalized
    }

    static let renditionKeys = ["src", "width", "height"]

    /// A list whose items are `{"src": …, "width": …, "height": …}` objects or file names that
    /// carry their width as `@800w` before the extension.
    mutating func renditions(_ value: JSONValue, key: String) -> [Rendition]? {
        guard let items = value.arrayValue else {
            reject(value, key: key, expected: "a list")
            return nil
        }
        var renditions: [Rendition] = []
        for (index, item) in items.enumerated() {
            let itemKey = "\(key)[\(index)]"
            switch item.kind {
            case .string(let name):
                guard let width = Rendition.width(fromName: name) else {
                    report(
                        "'\(itemKey)' must name its width like \"IMG_1@800w.jpg\", found \(name.quotedForMessage)",
                        at: item.offset, key: itemKey)
                    continue
                }
                guard let src = source(item, key: itemKey) else { continue }
                renditions.append(Rendition(src: src, width: width))
            case .object(let members):
                if let rendition = rendition(item, members: members, key: itemKey) {
                    renditions.append(rendition)
                }
            default:
                reject(item, key: itemKey, expected: "an object with 'src' and 'width' or a file name like \"IMG_1@800w.jpg\"")
            }
        }
        return renditions
    }

    private mutating func rendition(_ item: JSONValue, members: [JSONMember], key: String) -> Rendition? {
        var src: String?
        var width: Int?
        var height: Int?
        var valid = true
        for member in members {
            let memberKey = "\(key).\(member.key)"
            switch member.key {
            case "src":
                src = source(member.value, key: memberKey)
                valid = valid && src != nil
            case "width":
                width = positiveInteger(member.value, key: memberKey, maximum: Sidecar.maximumDimension)
                valid = valid && width != nil
            case "height":
                if case .null = member.value.kind { continue }
                height = positiveInteger(member.value, key: memberKey, maximum: Sidecar.maximumDimension)
            default:
                var message = "'\(memberKey)' is not a rendition key"
                if let suggestion = Suggestion.closest(to: member.key, among: Self.renditionKeys) {
                    message += "; did you mean '\(suggestion)'?"
                }
                report(message, at: member.keyOffset, key: memberKey, severity: .warning)
            }
        }
        guard valid else { return nil }
        guard let src else {
            report("'\(key)' has no 'src'", at: item.offset, key: key)
            return nil
        }
        guard let width else {
            report("'\(key)' has no 'width'", at: item.offset, key: key)
            return nil
        }
        return Rendition(src: src, width: width, height: height)
    }
}
