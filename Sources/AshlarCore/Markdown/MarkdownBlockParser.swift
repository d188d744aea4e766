/// The first pass over a Markdown text: lines into a tree of blocks (CommonMark's "phase 1"),
/// then each paragraph's and heading's inline content read (`MarkdownInlineParser`).
///
/// Follows the spec's appendix and the reference implementation's line loop: each line first
/// continues the open blocks it can, then may start new ones, and what is left is text for the
/// deepest block that takes lines (or lazily continues a paragraph).
struct MarkdownBlockParser {
    let options: MarkdownOptions
    /// The link reference definitions, by normalised label; the first of a label wins.
    var references: [String: MarkdownLinkReference] = [:]

    var document = MarkdownBlock(kind: .document, startLine: 1, depth: 0)
    var tip: MarkdownBlock
    var oldTip: MarkdownBlock
    var lastMatchedContainer: MarkdownBlock
    var line: [Unicode.Scalar] = []
    var lineNumber = 0
    var offset = 0
    var column = 0
    var nextNonspace = 0
    var nextNonspaceColumn = 0
    var indent = 0
    var isIndented = false
    var isBlank = false
    var partiallyConsumedTab = false
    var allClosed = true

    static let codeIndent = 4

    init(options: MarkdownOptions) {
        self.options = options
        tip = document
        oldTip = document
        lastMatchedContainer = document
    }

    /// Parses `source` into a document whose paragraphs and headings still hold their raw text;
    /// `references` then holds the link reference definitions.
    mutating func parse(_ source: String) -> MarkdownBlock {
        var current: [Unicode.Scalar] = []
        var scalars = source.unicodeScalars.makeIterator()
        var pendingReturn = false
        while let scalar = scalars.next() {
            if pendingReturn {
                pendingReturn = false
                incorporate(current)
                current.removeAll(keepingCapacity: true)
                if scalar == "\n" { continue }
            }
            switch scalar {
            case "\n":
                incorporate(current)
                current.removeAll(keepingCapacity: true)
            case "\r": pendingReturn = true
            case "\0": current.append("\u{FFFD}")
            default: current.append(scalar)
            }
        }
        if pendingReturn || !current.isEmpty { incorporate(current) }
        while true {
            let block = tip
            finalize(block)
            if block === document { break }
        }
        return document
    }

    // MARK: Lines

    mutating func incorporate(_ text: [Unicode.Scalar]) {
        var container = document
        oldTip = tip
        offset = 0
        column = 0
        isBlank = false
        partiallyConsumedTab = false
        lineNumber += 1
        line = text

        while let last = container.lastChild, last.isOpen {
            container = last
            findNextNonspace()
            switch continues(container) {
            case .matched: continue
            case .notMatched:
                container = container.parent ?? document
            case .lineConsumed: return
            }
            break
        }

        allClosed = container === oldTip
        lastMatchedContainer = container

        var matchedLeaf = container.kind != .paragraph && container.acceptsLines
        while !matchedLeaf {
            findNextNonspace()
            if !isIndented && !mayStartBlock(at: nextNonspace) {
                advanceNextNonspace()
                break
            }
            switch startBlock(in: container) {
            case .container: container = tip
            case .leaf:
                container = tip
                matchedLeaf = true
            case .none:
                advanceNextNonspace()
                matchedLeaf = true
                continue
            }
        }

        if !allClosed && !isBlank && tip.kind == .paragraph {
            addLine()
            return
        }
        closeUnmatchedBlocks()
        if isBlank, let last = container.lastChild { last.lastLineBlank = true }
        let kind = container.kind
        let lastLineBlank =
            isBlank
            && !(kind == .blockQuote || (kind == .codeBlock && container.fence != nil)
                || (kind == .item && container.children.isEmpty && container.startLine == lineNumber))
        var walk: MarkdownBlock? = container
        while let block = walk {
            block.lastLineBlank = lastLineBlank
            walk = block.parent
        }

        if container.acceptsLines {
            addLine()
            if kind == .htmlBlock, (1...5).contains(container.htmlBlockType),
                MarkdownHTMLScanner.endsBlock(container.htmlBlockType, Array(line[min(offset, line.count)...]))
            {
                finalize(container)
            }
        } else if offset < line.count && !isBlank {
            container = addChild(.paragraph, at: offset)
            advanceNextNonspace()
            addLine()
        }
    }

    /// Whether the text at `index` could start a block other than a paragraph (a quick test
    /// that spares the block starts most lines of prose).
    private func mayStartBlock(at index: Int) -> Bool {
        guard index < line.count else { return false }
        switch line[index] {
        case "#", "`", "~", "*", "+", "_", "=", "<", ">", "-": return true
        case "0"..."9": return true
        default: return false
        }
    }

    enum Continuation { case matched, notMatched, lineConsumed }

    /// Whether the current line continues `block`, consuming its markers if so.
    private mutating func continues(_ block: MarkdownBlock) -> Continuation {
        switch block.kind {
        case .document, .list: return .matched
        case .blockQuote:
            guard !isIndented, peek(nextNonspace) == ">" else { return .notMatched }
            advanceNextNonspace()
            advanceOffset(1, columns: false)
            if isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
            return .matched
        case .item:
            guard let list = block.list else { return .notMatched }
            if isBlank {
                if block.children.isEmpty { return .notMatched }
                advanceNextNonspace()
            } else if indent >= list.markerOffset + list.padding {
                advanceOffset(list.markerOffset + list.padding, columns: true)
            } else {
                return .notMatched
            }
            return .matched
        case .heading, .thematicBreak: return .notMatched
        case .codeBlock:
            if let fence = block.fence {
                if indent <= 3, peek(nextNonspace) == fence.character {
                    var end = nextNonspace
                    while end < line.count && line[end] == fence.character { end += 1 }
                    var rest = end
                    while rest < line.count && isSpaceOrTab(line[rest]) { rest += 1 }
                    if end - nextNonspace >= fence.length && rest == line.count {
                        finalize(block)
                        return .lineConsumed
                    }
                }
                var skip = fence.offset
                while skip > 0 && isSpaceOrTab(peek(offset)) {
                    advanceOffset(1, columns: true)
                    skip -= 1
                }
            } else if indent >= Self.codeIndent {
                advanceOffset(Self.codeIndent, columns: true)
            } else if isBlank {
                advanceNextNonspace()
            } else {
                return .notMatched
            }
            return .matched
        case .htmlBlock:
            return isBlank && (block.htmlBlockType == 6 || block.htmlBlockType == 7) ? .notMatched : .matched
        case .paragraph:
            return isBlank ? .notMatched : .matched
        }
    }

    // MARK: Positions

    func peek(_ index: Int) -> Unicode.Scalar? { index < line.count ? line[index] : nil }

    func isSpaceOrTab(_ scalar: Unicode.Scalar?) -> Bool { scalar == " " || scalar == "\t" }

    mutating func findNextNonspace() {
        var index = offset
        var columns = column
        while index < line.count {
            let scalar = line[index]
            if scalar == " " {
                index += 1
                columns += 1
            } else if scalar == "\t" {
                index += 1
                columns += 4 - (columns % 4)
            } else {
                break
            }
        }
        isBlank = index == line.count
        nextNonspace = index
        nextNonspaceColumn = columns
        indent = nextNonspaceColumn - column
        isIndented = indent >= Self.codeIndent
    }

    mutating func advanceNextNonspace() {
        offset = nextNonspace
        column = nextNonspaceColumn
        partiallyConsumedTab = false
    }

    /// Moves past `count` characters, or `count` columns when `columns` (a tab may then be
    /// consumed in part).
    mutating func advanceOffset(_ count: Int, columns: Bool) {
        var count = count
        while count > 0 && offset < line.count {
            if line[offset] == "\t" {
                let toTab = 4 - (column % 4)
                if columns {
                    partiallyConsumedTab = toTab > count
                    let advance = min(toTab, count)
                    column += advance
                    offset += partiallyConsumedTab ? 0 : 1
                    count -= advance
                } else {
                    partiallyConsumedTab = false
                    column += toTab
                    offset += 1
                    count -= 1
                }
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    // MARK: Tree

    mutating func addLine() {
        if partiallyConsumedTab {
            offset += 1
            let toTab = 4 - (column % 4)
            tip.content.append(contentsOf: repeatElement(" ", count: toTab))
        }
        if offset < line.count { tip.content.append(contentsOf: line[offset...]) }
        tip.content.append("\n")
    }

    @discardableResult
    mutating func addChild(_ kind: MarkdownBlock.Kind, at index: Int) -> MarkdownBlock {
        while !tip.canContain(kind) { finalize(tip) }
        let depth = tip.depth + (tip.kind == .blockQuote || tip.kind == .item ? 1 : 0)
        let block = MarkdownBlock(kind: kind, startLine: lineNumber, depth: depth)
        block.parent = tip
        tip.children.append(block)
        tip = block
        return block
    }

    mutating func closeUnmatchedBlocks() {
        guard !allClosed else { return }
        while oldTip !== lastMatchedContainer {
            let parent = oldTip.parent ?? document
            finalize(oldTip)
            oldTip = parent
        }
        allClosed = true
    }

    mutating func finalize(_ block: MarkdownBlock) {
        let parent = block.parent
        block.isOpen = false
        switch block.kind {
        case .paragraph:
            var position = 0
            while position < block.content.count && block.content[position] == "[" {
                let used = MarkdownInlineParser.parseReference(
                    Array(block.content[position...]), into: &references)
                if used == 0 { break }
                position += used
            }
            block.content.removeFirst(position)
            if block.content.allSatisfy(\.isMarkdownWhitespace), let parent {
                parent.children.removeAll { $0 === block }
            }
        case .codeBlock:
            if block.fence != nil {
                let firstLineEnd = block.content.firstIndex(of: "\n") ?? block.content.count
                let firstLine = Array(block.content[..<firstLineEnd]).trimmingMarkdownWhitespace()
                block.info = MarkdownText.unescaped(firstLine)
                block.content = Array(block.content[min(firstLineEnd + 1, block.content.count)...])
            } else {
                block.content = MarkdownText.trimmingTrailingBlankLines(block.content)
            }
        case .htmlBlock:
            block.content = MarkdownText.trimmingTrailingBlankLines(block.content)
            if block.content.last == "\n" { block.content.removeLast() }
        case .list:
            block.list?.isTight = Self.isTight(block)
        default: break
        }
        tip = parent ?? document
    }

    private static func isTight(_ list: MarkdownBlock) -> Bool {
        for (index, item) in list.children.enumerated() {
            let isLastItem = index == list.children.count - 1
            if endsWithBlankLine(item) && !isLastItem { return false }
            for (subindex, child) in item.children.enumerated()
            where endsWithBlankLine(child) && (!isLastItem || subindex < item.children.count - 1) {
                return false
            }
        }
        return true
    }

    private static func endsWithBlankLine(_ block: MarkdownBlock) -> Bool {
        var current: MarkdownBlock? = block
        while let block = current {
            if block.lastLineBlank { return true }
            let descends = !block.lastLineChecked && (block.kind == .list || block.kind == .item)
            block.lastLineChecked = true
            current = descends ? block.lastChild : nil
        }
        return false
    }
}
