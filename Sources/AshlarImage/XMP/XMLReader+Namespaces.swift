extension XMLReader {
    func checkDeclaration(of prefix: Range<Int>, uri: String, at offset: Int) throws(ParseError) {
        let isXML = isXML(prefix)
        if isXMLNS(prefix) { throw error("the prefix 'xmlns' must not be declared", at: offset) }
        if isXML != (uri == XMLNode.xmlNamespace) {
            throw error("only the prefix 'xml' may be bound to '\(XMLNode.xmlNamespace)', and only to it", at: offset)
        }
        if uri.isEmpty {
            throw error("namespace prefix '\(string(prefix))' must not be bound to an empty URI", at: offset)
        }
    }

    /// Refuses an attribute written twice, or two with the same namespace and local name.
    func checkAttributes() throws(ParseError) {
        guard attributes.count > 1 else { return }
        // A 256-bit filter of the hashes seen: only a hash that may repeat is looked for.
        var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        try attributeHashes.withUnsafeBufferPointer { hashes throws(ParseError) in
            for later in 0..<hashes.count {
                let laterHash = hashes[later]
                let bit: UInt64 = 1 << (laterHash & 63)
                let wasSeen: Bool
                switch (laterHash >> 6) & 3 {
                case 0: (wasSeen, seen.0) = (seen.0 & bit != 0, seen.0 | bit)
                case 1: (wasSeen, seen.1) = (seen.1 & bit != 0, seen.1 | bit)
                case 2: (wasSeen, seen.2) = (seen.2 & bit != 0, seen.2 | bit)
                default: (wasSeen, seen.3) = (seen.3 & bit != 0, seen.3 | bit)
                }
                guard wasSeen else { continue }
                for earlier in 0..<later where hashes[earlier] == laterHash {
                    try checkPair(attributes[earlier], attributes[later])
                }
            }
        }
    }

    func checkPair(_ first: RawAttribute, _ second: RawAttribute) throws(ParseError) {
        guard sameBytes(first.name.local, second.name.local) else { return }
        let at = second.name.range.lowerBound
        if sameBytes(first.name.prefix, second.name.prefix) {
            throw error("duplicate attribute '\(string(second.name.range))'", at: at)
        }
        if !first.isDeclaration, !second.isDeclaration, first.name.colon != nil, second.name.colon != nil,
            try namespace(of: first.name, isAttribute: true) == namespace(of: second.name, isAttribute: true)
        {
            throw error(
                "attributes '\(string(first.name.range))' and '\(string(second.name.range))' have the same namespace and name",
                at: at)
        }
    }

    /// Resolves the start tag's attributes into `resolved`, refusing undeclared prefixes.
    mutating func resolveAttributes() throws(ParseError) {
        resolved.removeAll(keepingCapacity: true)
        for index in attributes.indices where !attributes[index].isDeclaration {
            let name = attributes[index].name
            resolved.append(
                XMLAttribute(
                    namespace: try namespace(of: name, isAttribute: true), name: name.local,
                    value: attributeValues[index], valueOffset: attributes[index].valueOffset))
        }
    }

    /// The URI of a name's prefix. Unprefixed attributes have no namespace; unprefixed elements
    /// have the default one, if any.
    func namespace(of name: Name, isAttribute: Bool) throws(ParseError) -> String {
        if name.colon == nil, isAttribute { return "" }
        let prefix = name.prefix
        let prefixHash = hash(prefix)
        var index = bindings.count - 1
        while index >= 0 {
            if bindings[index].prefixHash == prefixHash, sameBytes(bindings[index].prefix, prefix) {
                return bindings[index].uri
            }
            index -= 1
        }
        if name.colon == nil { return "" }
        if isXML(prefix) { return XMLNode.xmlNamespace }
        let kind = isAttribute ? "attribute" : "element"
        throw error(
            "undeclared namespace prefix '\(string(prefix))' in \(kind) '\(string(name.range))'",
            at: name.range.lowerBound)
    }
}
