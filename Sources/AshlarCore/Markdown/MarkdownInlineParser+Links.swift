extension MarkdownInlineParser {
    mutating func parseOpenBracket() -> Bool {
        let start = position
        position += 1
        let node = appendText(CollectionOfOne("["))
        addBracket(node: node, index: start, isImage: false)
        return true
    }

    mutating func parseBang() -> Bool {
        let start = position
        position += 1
        if peek() == "[" {
            position += 1
            let node = appendText("![".unicodeScalars)
            addBracket(node: node, index: start + 1, isImage: true)
        } else {
            appendText(CollectionOfOne("!"))
        }
        return true
    }

    private mutating func popBracket() {
        brackets.removeLast()
        linkBracketsInactiveBelow = min(linkBracketsInactiveBelow, brackets.count)
    }

    private mutating func addBracket(node: Int, index: Int, isImage: Bool) {
        if !brackets.isEmpty { brackets[brackets.count - 1].bracketAfter = true }
        brackets.append(Bracket(node: node, previousDelimiter: lastDelimiter, index: index, isImage: isImage))
    }

    /// A `]`: a link or image if an opener is waiting and an inline destination, a full,
    /// collapsed or shortcut reference follows.
    mutating func parseCloseBracket() -> Bool {
        let start = position
        position += 1
        guard let opener = brackets.last else {
            appendText(CollectionOfOne("]"))
            return true
        }
        guard opener.isImage || brackets.count - 1 >= linkBracketsInactiveBelow else {
            appendText(CollectionOfOne("]"))
            popBracket()
            return true
        }
        var destination: [Unicode.Scalar]?
        var title: [Unicode.Scalar] = []
        let afterBracket = position
        if peek() == "(" {
            position += 1
            skipSpacesAndNewline()
            if let parsed = parseLinkDestination() {
                let beforeTitle = position
                skipSpacesAndNewline()
                if position > beforeTitle, let parsedTitle = parseLinkTitle() {
                    title = parsedTitle
                }
                skipSpacesAndNewline()
                if peek() == ")" {
                    position += 1
                    destination = parsed
                }
            }
            if destination == nil {
                position = afterBracket
                title = []
            }
        }
        if destination == nil {
            let beforeLabel = position
            let labelLength = parseLinkLabel()
            var label: [Unicode.Scalar]?
            if labelLength > 2 {
                label = Array(subject[beforeLabel..<beforeLabel + labelLength])
            } else if !opener.bracketAfter {
                label = Array(subject[opener.index..<start + 1])
            }
            if labelLength == 0 { position = afterBracket }
            if let label, let reference = references[MarkdownText.normalizedLabel(label)] {
                destination = reference.destination
                title = reference.title
            }
        }
        let tooDeep = destination != nil && tree.height(ofSiblingsAfter: opener.node, upTo: -1) >= maximumNesting
        guard let destination, !tooDeep else {
            popBracket()
            // Every earlier opener would hold this one's content and more: none can make a link.
            if tooDeep { brackets.removeAll() }
            position = start + 1
            appendText(CollectionOfOne("]"))
            return true
        }
        var node = MarkdownInlineTree.Node(kind: opener.isImage ? .image : .link)
        node.destination = destination
        node.title = title
        let inserted = tree.insert(node, after: opener.node)
        let height = tree.move(siblingsAfter: inserted, upTo: -1, under: inserted)
        tree.nodes[inserted].height = height + 1
        processEmphasis(bottom: opener.previousDelimiter)
        popBracket()
        tree.unlink(opener.node)
        // No link may hold a link: every link opener before this one is now inactive.
        if !opener.isImage { linkBracketsInactiveBelow = brackets.count }
        return true
    }

    /// Spaces and tabs, at most one line ending, spaces and tabs.
    mutating func skipSpacesAndNewline() {
        while peek() == " " || peek() == "\t" { position += 1 }
        if peek() == "\n" { position += 1 }
        while peek() == " " || peek() == "\t" { position += 1 }
    }

    /// A link destination, unescaped and percent-encoded: `<…>` or a run without spaces or
    /// controls whose parentheses balance.
    mutating func parseLinkDestination() -> [Unicode.Scalar]? {
        let start = position
        if peek() == "<" {
            position += 1
            while let scalar = peek() {
                if scalar == "\\", let next = peek(1), next.isASCIIPunctuation {
                    position += 2
                } else if scalar == ">" {
                    position += 1
                    return Array(
                        MarkdownText.normalizedURI(MarkdownText.unescaped(Array(subject[start + 1..<position - 1])))
                            .unicodeScalars)
                } else if scalar == "<" || scalar == "\n" {
                    break
                } else {
                    position += 1
                }
            }
            position = start
            return nil
        }
        var openParentheses = 0
        while let scalar = peek() {
            if scalar == "\\", let next = peek(1), next.isASCIIPunctuation {
                position += 2
            } else if scalar == "(" {
                openParentheses += 1
                if openParentheses > 32 { break }
                position += 1
            } else if scalar == ")" {
                if openParentheses < 1 { break }
                openParentheses -= 1
                position += 1
            } else if scalar.value <= 0x20 || scalar == "\u{7F}" {
                break
            } else {
                position += 1
            }
        }
        if position == start && peek() != ")" || openParentheses != 0 {
            position = start
            return nil
        }
        return Array(
            MarkdownText.normalizedURI(MarkdownText.unescaped(Array(subject[start..<position]))).unicodeScalars)
    }

    /// A link title in double or single quotes or parentheses, unescaped.
    mutating func parseLinkTitle() -> [Unicode.Scalar]? {
        guard let opening = peek(), opening == "\"" || opening == "'" || opening == "(" else { return nil }
        let closing: Unicode.Scalar = opening == "(" ? ")" : opening
        let start = position
        position += 1
        while let scalar = peek() {
            if scalar == "\\", peek(1) != nil {
                position += 2
            } else if scalar == closing {
                position += 1
                return MarkdownText.unescaped(Array(subject[start + 1..<position - 1]))
            } else if opening == "(" && scalar == "(" {
                break
            } else {
                position += 1
            }
        }
        position = start
        return nil
    }

    /// The length of a link label (`[` … `]`, at most 999 characters inside, no unescaped
    /// brackets) at the position, or 0; moves past it.
    mutating func parseLinkLabel() -> Int {
        guard peek() == "[" else { return 0 }
        var index = position + 1
        while index < subject.count && index - position <= 1000 {
            let scalar = subject[index]
            if scalar == "\\" && index + 1 < subject.count {
                index += 2
            } else if scalar == "[" {
                return 0
            } else if scalar == "]" {
                let length = index + 1 - position
                position = index + 1
                return length
            } else {
                index += 1
            }
        }
        return 0
    }

    /// Reads a link reference definition at the start of `text` into `references` (unless its
    /// label is already defined) and returns how many characters it took, or 0.
    static func parseReference(_ text: [Unicode.Scalar], into references: inout [String: MarkdownLinkReference])
        -> Int
    {
        var parser = MarkdownInlineParser(rawText: text)
        let labelLength = parser.parseLinkLabel()
        guard labelLength > 0, parser.peek() == ":" else { return 0 }
        let label = Array(text[0..<labelLength])
        parser.position += 1
        parser.skipSpacesAndNewline()
        guard let destination = parser.parseLinkDestination() else { return 0 }
        if destination.isEmpty && parser.position > 0 && text[parser.position - 1] != ">" { return 0 }
        let beforeTitle = parser.position
        parser.skipSpacesAndNewline()
        var title: [Unicode.Scalar]?
        if parser.position != beforeTitle { title = parser.parseLinkTitle() }
        if title == nil { parser.position = beforeTitle }
        var atLineEnd = parser.skipToLineEnd()
        if !atLineEnd {
            if title == nil { return 0 }
            title = nil
            parser.position = beforeTitle
            atLineEnd = parser.skipToLineEnd()
        }
        guard atLineEnd else { return 0 }
        let normalised = MarkdownText.normalizedLabel(label)
        guard !normalised.isEmpty else { return 0 }
        if references[normalised] == nil {
            references[normalised] = MarkdownLinkReference(destination: destination, title: title ?? [])
        }
        return parser.position
    }

    /// Spaces and tabs up to a line feed (taken) or the end of the text.
    private mutating func skipToLineEnd() -> Bool {
        let start = position
        while peek() == " " || peek() == "\t" { position += 1 }
        if peek() == "\n" {
            position += 1
            return true
        }
        if peek() == nil { return true }
        position = start
        return false
    }
}
