extension MarkdownBlockParser {
    enum BlockStart { case none, container, leaf }

    /// Tries the block starts in the spec's order of precedence at the current position.
    mutating func startBlock(in container: MarkdownBlock) -> BlockStart {
        let childDepth = container.depth + (container.kind == .blockQuote || container.kind == .item ? 1 : 0)
        let nestingAllowed = childDepth < options.maximumNesting
        if nestingAllowed, startsBlockQuote() { return .container }
        if startsATXHeading() { return .leaf }
        if startsFencedCode() { return .leaf }
        if startsHTMLBlock(in: container) { return .leaf }
        if startsSetextHeading(in: container) { return .leaf }
        if startsThematicBreak() { return .leaf }
        if nestingAllowed, startsListItem(in: container) { return .container }
        if isIndented && tip.kind != .paragraph && !isBlank {
            advanceOffset(Self.codeIndent, columns: true)
            closeUnmatchedBlocks()
            addChild(.codeBlock, at: offset)
            return .leaf
        }
        return .none
    }

    private var rest: ArraySlice<Unicode.Scalar> { line[min(nextNonspace, line.count)...] }

    private mutating func startsBlockQuote() -> Bool {
        guard !isIndented, peek(nextNonspace) == ">" else { return false }
        advanceNextNonspace()
        advanceOffset(1, columns: false)
        if isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
        closeUnmatchedBlocks()
        addChild(.blockQuote, at: nextNonspace)
        return true
    }

    private mutating func startsATXHeading() -> Bool {
        guard !isIndented else { return false }
        let text = rest
        var index = text.startIndex
        while index < text.endIndex && text[index] == "#" { index += 1 }
        let level = index - text.startIndex
        guard (1...6).contains(level), index == text.endIndex || isSpaceOrTab(text[index]) else { return false }
        advanceNextNonspace()
        advanceOffset(level, columns: false)
        closeUnmatchedBlocks()
        let heading = addChild(.heading, at: nextNonspace)
        heading.level = level
        var content = Array(line[min(offset, line.count)...]).trimmingMarkdownWhitespace()
        // A closing sequence: #s alone, or after a space or tab.
        var end = content.count
        while end > 0 && content[end - 1] == "#" { end -= 1 }
        if end < content.count && (end == 0 || isSpaceOrTab(content[end - 1])) {
            content = Array(content[..<end]).trimmingMarkdownWhitespace()
        }
        heading.content = content
        advanceOffset(line.count - offset, columns: false)
        return true
    }

    private mutating func startsFencedCode() -> Bool {
        guard !isIndented, let character = peek(nextNonspace), character == "`" || character == "~" else {
            return false
        }
        let text = rest
        var index = text.startIndex
        while index < text.endIndex && text[index] == character { index += 1 }
        let length = index - text.startIndex
        guard length >= 3 else { return false }
        if character == "`" && text[index...].contains("`") { return false }
        closeUnmatchedBlocks()
        let block = addChild(.codeBlock, at: nextNonspace)
        block.fence = MarkdownFence(character: character, length: length, offset: indent)
        advanceNextNonspace()
        advanceOffset(length, columns: false)
        return true
    }

    private mutating func startsHTMLBlock(in container: MarkdownBlock) -> Bool {
        guard !isIndented, peek(nextNonspace) == "<" else { return false }
        let text = Array(rest)
        guard let type = MarkdownHTMLScanner.blockStart(text) else { return false }
        if type == 7 && (container.kind == .paragraph || (!allClosed && !isBlank && tip.kind == .paragraph)) {
            return false
        }
        closeUnmatchedBlocks()
        let block = addChild(.htmlBlock, at: offset)
        block.htmlBlockType = type
        return true
    }

    private mutating func startsSetextHeading(in container: MarkdownBlock) -> Bool {
        guard !isIndented, container.kind == .paragraph,
            let character = peek(nextNonspace), character == "=" || character == "-"
        else { return false }
        let text = rest
        var index = text.startIndex
        while index < text.endIndex && text[index] == character { index += 1 }
        guard text[index...].allSatisfy({ isSpaceOrTab($0) }) else { return false }
        closeUnmatchedBlocks()
        var position = 0
        while position < container.content.count && container.content[position] == "[" {
            let used = MarkdownInlineParser.parseReference(
                Array(container.content[position...]), into: &references)
            if used == 0 { break }
            position += used
        }
        if position > 0 { container.content.removeFirst(position) }
        guard !container.content.isEmpty else { return false }
        container.kind = .heading
        container.level = character == "=" ? 1 : 2
        container.content = container.content.trimmingMarkdownWhitespace()
        container.isOpen = false
        tip = container.parent ?? document
        advanceOffset(line.count - offset, columns: false)
        return true
    }

    private mutating func startsThematicBreak() -> Bool {
        guard !isIndented, let character = peek(nextNonspace), character == "*" || character == "-" || character == "_"
        else { return false }
        var count = 0
        for scalar in rest {
            if scalar == character {
                count += 1
            } else if !isSpaceOrTab(scalar) {
                return false
            }
        }
        guard count >= 3 else { return false }
        closeUnmatchedBlocks()
        addChild(.thematicBreak, at: nextNonspace)
        advanceOffset(line.count - offset, columns: false)
        return true
    }

    private mutating func startsListItem(in container: MarkdownBlock) -> Bool {
        guard !isIndented || container.kind == .list, let data = listMarker(in: container) else { return false }
        closeUnmatchedBlocks()
        if tip.kind != .list || !(tip.list.map { $0.marker == data.marker } ?? false) {
            let list = addChild(.list, at: nextNonspace)
            list.list = data
        }
        let item = addChild(.item, at: nextNonspace)
        item.list = data
        return true
    }

    /// Reads a list marker at the next non-space position, and the spaces after it.
    private mutating func listMarker(in container: MarkdownBlock) -> MarkdownListData? {
        guard indent < 4 else { return nil }
        let text = rest
        guard let first = text.first else { return nil }
        var data: MarkdownListData
        var markerLength = 1
        if first == "*" || first == "+" || first == "-" {
            data = MarkdownListData(marker: .bullet(first), start: 0, markerOffset: indent, padding: 0)
        } else {
            var index = text.startIndex
            var number = 0
            while index < text.endIndex, index - text.startIndex < 9, let digit = text[index].asciiDigitValue {
                number = number * 10 + digit
                index += 1
            }
            let digits = index - text.startIndex
            guard digits > 0, index < text.endIndex, text[index] == "." || text[index] == ")" else { return nil }
            if container.kind == .paragraph && number != 1 { return nil }
            data = MarkdownListData(
                marker: .ordered(delimiter: text[index]), start: number, markerOffset: indent, padding: 0)
            markerLength = digits + 1
        }
        let after = nextNonspace + markerLength
        if let next = peek(after), !isSpaceOrTab(next) { return nil }
        if container.kind == .paragraph && line[min(after, line.count)...].allSatisfy({ isSpaceOrTab($0) }) {
            return nil
        }
        advanceNextNonspace()
        advanceOffset(markerLength, columns: true)
        let spacesStartColumn = column
        let spacesStartOffset = offset
        repeat {
            advanceOffset(1, columns: true)
        } while column - spacesStartColumn < 5 && isSpaceOrTab(peek(offset))
        let blankItem = peek(offset) == nil
        let spacesAfterMarker = column - spacesStartColumn
        if spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem {
            data.padding = markerLength + 1
            column = spacesStartColumn
            offset = spacesStartOffset
            if isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
        } else {
            data.padding = markerLength + spacesAfterMarker
        }
        return data
    }
}
