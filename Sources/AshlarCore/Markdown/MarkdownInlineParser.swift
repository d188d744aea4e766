/// The second pass: a paragraph's or heading's text into inline nodes (CommonMark's "phase 2").
///
/// Code spans, autolinks, raw HTML, entities and escapes are read as they come; `*` and `_`
/// runs and brackets go on stacks and are resolved by the spec's delimiter algorithm.
struct MarkdownInlineParser {
    struct Delimiter {
        var character: Unicode.Scalar
        var count: Int
        let originalCount: Int
        let node: Int
        var previous: Int
        var next: Int
        let canOpen: Bool
        let canClose: Bool
    }

    struct Bracket {
        let node: Int
        let previousDelimiter: Int
        let index: Int
        let isImage: Bool
        var bracketAfter = false
    }

    let subject: [Unicode.Scalar]
    let references: [String: MarkdownLinkReference]
    let maximumNesting: Int
    var position = 0
    var tree = MarkdownInlineTree()
    var delimiters: [Delimiter] = []
    var lastDelimiter = -1
    var brackets: [Bracket] = []
    /// Link openers (not image openers) below this index of `brackets` are inactive: a link was
    /// made after them.
    var linkBracketsInactiveBelow = 0
    /// For each length of backtick run, a position after which no run of that length is left.
    var backtickMisses: [Int: Int] = [:]
    var htmlMisses: [String: Int] = [:]

    init(_ text: [Unicode.Scalar], references: [String: MarkdownLinkReference], maximumNesting: Int) {
        subject = text.trimmingMarkdownWhitespace()
        self.references = references
        self.maximumNesting = maximumNesting
    }

    /// A parser over `text` as it is, for link reference definitions.
    init(rawText text: [Unicode.Scalar]) {
        subject = text
        references = [:]
        maximumNesting = 1
    }

    /// Reads the whole text into `tree`.
    mutating func parse() {
        while position < subject.count { parseInline() }
        processEmphasis(bottom: -1)
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < subject.count ? subject[position + offset] : nil
    }

    @discardableResult
    mutating func appendText<S: Sequence<Unicode.Scalar>>(_ text: S) -> Int {
        var node = MarkdownInlineTree.Node(kind: .text)
        node.literal = Array(text)
        return tree.append(node, to: MarkdownInlineTree.root)
    }

    private mutating func parseInline() {
        guard let scalar = peek() else { return }
        let handled: Bool
        switch scalar {
        case "\n": handled = parseNewline()
        case "\\": handled = parseBackslash()
        case "`": handled = parseBackticks()
        case "*", "_": handled = handleDelimiters(scalar)
        case "[": handled = parseOpenBracket()
        case "!": handled = parseBang()
        case "]": handled = parseCloseBracket()
        case "<": handled = parseAutolink() || parseHTMLTag()
        case "&": handled = parseEntity()
        default: handled = parseString()
        }
        if !handled {
            position += 1
            appendText(CollectionOfOne(scalar))
        }
    }

    private mutating func parseString() -> Bool {
        let start = position
        while let scalar = peek(), !"\n\\`*_[!]<&".unicodeScalars.contains(scalar) { position += 1 }
        guard position > start else { return false }
        appendText(subject[start..<position])
        return true
    }

    private mutating func parseNewline() -> Bool {
        position += 1
        let last = tree.nodes[MarkdownInlineTree.root].lastChild
        var hard = false
        if last >= 0, tree.nodes[last].kind == .text, tree.nodes[last].literal.last == " " {
            let literal = tree.nodes[last].literal
            hard = literal.count >= 2 && literal[literal.count - 2] == " "
            var end = literal.count
            while end > 0 && literal[end - 1] == " " { end -= 1 }
            tree.nodes[last].literal.removeLast(literal.count - end)
        }
        tree.append(MarkdownInlineTree.Node(kind: hard ? .hardBreak : .softBreak), to: MarkdownInlineTree.root)
        while peek() == " " || peek() == "\t" { position += 1 }
        return true
    }

    private mutating func parseBackslash() -> Bool {
        position += 1
        if peek() == "\n" {
            position += 1
            tree.append(MarkdownInlineTree.Node(kind: .hardBreak), to: MarkdownInlineTree.root)
            while peek() == " " || peek() == "\t" { position += 1 }
        } else if let next = peek(), next.isASCIIPunctuation {
            position += 1
            appendText(CollectionOfOne(next))
        } else {
            appendText(CollectionOfOne("\\"))
        }
        return true
    }

    private mutating func parseBackticks() -> Bool {
        let start = position
        while peek() == "`" { position += 1 }
        let length = position - start
        let afterOpening = position
        if let miss = backtickMisses[length], miss <= afterOpening {
            appendText(subject[start..<afterOpening])
            return true
        }
        var index = afterOpening
        while index < subject.count {
            guard subject[index] == "`" else {
                index += 1
                continue
            }
            let runStart = index
            while index < subject.count && subject[index] == "`" { index += 1 }
            if index - runStart == length {
                var content = subject[afterOpening..<runStart].map { $0 == "\n" ? " " : $0 }
                if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " })
                {
                    content = Array(content[1..<content.count - 1])
                }
                var node = MarkdownInlineTree.Node(kind: .code)
                node.literal = content
                tree.append(node, to: MarkdownInlineTree.root)
                position = index
                return true
            }
        }
        backtickMisses[length] = afterOpening
        appendText(subject[start..<afterOpening])
        return true
    }

    private mutating func parseAutolink() -> Bool {
        var index = position + 1
        // A URI: a scheme of 2–32 characters, a colon, no spaces, controls or angle brackets.
        let schemeStart = index
        if index < subject.count, subject[index].isASCIILetter {
            index += 1
            while index < subject.count, index - schemeStart < 33,
                subject[index].isASCIILetter || subject[index].asciiDigitValue != nil
                    || "+.-".unicodeScalars.contains(subject[index])
            {
                index += 1
            }
            if (2...32).contains(index - schemeStart), index < subject.count, subject[index] == ":" {
                while index < subject.count, subject[index].value > 0x20, subject[index] != "<", subject[index] != ">" {
                    index += 1
                }
                if index < subject.count, subject[index] == ">" {
                    let address = Array(subject[position + 1..<index])
                    appendAutolink(address, destination: Array(MarkdownText.normalizedURI(address).unicodeScalars))
                    position = index + 1
                    return true
                }
            }
        }
        if let end = emailEnd(from: position + 1) {
            let address = Array(subject[position + 1..<end])
            appendAutolink(
                address, destination: Array(("mailto:" + MarkdownText.normalizedURI(address)).unicodeScalars))
            position = end + 1
            return true
        }
        return false
    }

    /// The index of the `>` ending an email autolink starting at `start`, if there is one.
    private func emailEnd(from start: Int) -> Int? {
        let localCharacters = Set(".!#$%&'*+/=?^_`{|}~-".unicodeScalars)
        var index = start
        while index < subject.count,
            subject[index].isASCIILetter || subject[index].asciiDigitValue != nil
                || localCharacters.contains(subject[index])
        {
            index += 1
        }
        guard index > start, index < subject.count, subject[index] == "@" else { return nil }
        index += 1
        while true {
            let labelStart = index
            while index < subject.count, index - labelStart < 63,
                subject[index].isASCIILetter || subject[index].asciiDigitValue != nil || subject[index] == "-"
            {
                index += 1
            }
            guard index > labelStart, subject[labelStart] != "-", subject[index - 1] != "-" else { return nil }
            guard index < subject.count else { return nil }
            if subject[index] == ">" { return index }
            guard subject[index] == "." else { return nil }
            index += 1
        }
    }

    private mutating func appendAutolink(_ text: [Unicode.Scalar], destination: [Unicode.Scalar]) {
        var link = MarkdownInlineTree.Node(kind: .link)
        link.destination = destination
        link.height = 1
        let index = tree.append(link, to: MarkdownInlineTree.root)
        var label = MarkdownInlineTree.Node(kind: .text)
        label.literal = text
        tree.append(label, to: index)
    }

    private mutating func parseHTMLTag() -> Bool {
        guard let length = MarkdownHTMLScanner.inlineHTML(subject, at: position, misses: &htmlMisses) else {
            return false
        }
        var node = MarkdownInlineTree.Node(kind: .html)
        node.literal = Array(subject[position..<position + length])
        tree.append(node, to: MarkdownInlineTree.root)
        position += length
        return true
    }

    private mutating func parseEntity() -> Bool {
        guard let (scalars, length) = MarkdownEntities.reference(in: subject, at: position) else { return false }
        appendText(scalars)
        position += length
        return true
    }
}
