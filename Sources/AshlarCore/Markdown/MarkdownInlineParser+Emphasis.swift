extension MarkdownInlineParser {
    /// Reads a run of `*` or `_` as text and records it as a delimiter that may open or close
    /// emphasis (the spec's left- and right-flanking rules).
    mutating func handleDelimiters(_ character: Unicode.Scalar) -> Bool {
        let start = position
        while peek() == character { position += 1 }
        let count = position - start
        let before: Unicode.Scalar = start == 0 ? "\n" : subject[start - 1]
        let after: Unicode.Scalar = peek() ?? "\n"
        let afterIsWhitespace = after.isUnicodeWhitespace
        let afterIsPunctuation = after.isUnicodePunctuation
        let beforeIsWhitespace = before.isUnicodeWhitespace
        let beforeIsPunctuation = before.isUnicodePunctuation
        let leftFlanking = !afterIsWhitespace && (!afterIsPunctuation || beforeIsWhitespace || beforeIsPunctuation)
        let rightFlanking = !beforeIsWhitespace && (!beforeIsPunctuation || afterIsWhitespace || afterIsPunctuation)
        let canOpen: Bool
        let canClose: Bool
        if character == "_" {
            canOpen = leftFlanking && (!rightFlanking || beforeIsPunctuation)
            canClose = rightFlanking && (!leftFlanking || afterIsPunctuation)
        } else {
            canOpen = leftFlanking
            canClose = rightFlanking
        }
        let node = appendText(subject[start..<position])
        guard canOpen || canClose else { return true }
        let index = delimiters.count
        delimiters.append(
            Delimiter(
                character: character, count: count, originalCount: count, node: node, previous: lastDelimiter,
                next: -1, canOpen: canOpen, canClose: canClose))
        if lastDelimiter >= 0 { delimiters[lastDelimiter].next = index }
        lastDelimiter = index
        return true
    }

    mutating func removeDelimiter(_ index: Int) {
        let delimiter = delimiters[index]
        if delimiter.previous >= 0 { delimiters[delimiter.previous].next = delimiter.next }
        if delimiter.next >= 0 {
            delimiters[delimiter.next].previous = delimiter.previous
        } else {
            lastDelimiter = delimiter.previous
        }
    }

    /// Matches closers with openers above `bottom` (a delimiter index, or -1 for the whole
    /// stack), turning each pair into emphasis or strong emphasis.
    mutating func processEmphasis(bottom: Int) {
        // For each closer kind (character, whether it can open, length modulo 3), the lowest
        // opener worth trying: below it every opener was tried and failed.
        var openersBottom = [Int](repeating: bottom, count: 12)
        var closer = lastDelimiter
        while closer >= 0 && delimiters[closer].previous != bottom { closer = delimiters[closer].previous }
        while closer >= 0 {
            let closing = delimiters[closer]
            guard closing.canClose else {
                closer = closing.next
                continue
            }
            let kind = (closing.character == "_" ? 6 : 0) + (closing.canOpen ? 3 : 0) + closing.originalCount % 3
            var opener = closing.previous
            var found = false
            while opener >= 0 && opener != bottom && opener != openersBottom[kind] {
                let opening = delimiters[opener]
                let oddMatch =
                    (closing.canOpen || opening.canClose) && closing.originalCount % 3 != 0
                    && (opening.originalCount + closing.originalCount) % 3 == 0
                if opening.character == closing.character && opening.canOpen && !oddMatch {
                    found = true
                    break
                }
                opener = opening.previous
            }
            // Emphasis nested deeper than the limit stays text.
            if found && tree.height(ofSiblingsAfter: delimiters[opener].node, upTo: closing.node) >= maximumNesting {
                found = false
            }
            let oldCloser = closer
            if found {
                let used = closing.count >= 2 && delimiters[opener].count >= 2 ? 2 : 1
                let openerNode = delimiters[opener].node
                let closerNode = closing.node
                delimiters[opener].count -= used
                delimiters[closer].count -= used
                tree.nodes[openerNode].literal.removeLast(used)
                tree.nodes[closerNode].literal.removeLast(used)
                let emphasis = tree.insert(
                    MarkdownInlineTree.Node(kind: used == 1 ? .emphasis : .strong), after: openerNode)
                // Inserted after the opener, so the run to move starts after the new node.
                let height = tree.move(siblingsAfter: emphasis, upTo: closerNode, under: emphasis)
                tree.nodes[emphasis].height = height + 1
                var between = delimiters[closer].previous
                while between >= 0 && between != opener {
                    let previous = delimiters[between].previous
                    removeDelimiter(between)
                    between = previous
                }
                if delimiters[opener].count == 0 {
                    tree.unlink(openerNode)
                    removeDelimiter(opener)
                }
                if delimiters[closer].count == 0 {
                    tree.unlink(closerNode)
                    let next = delimiters[closer].next
                    removeDelimiter(closer)
                    closer = next
                }
            } else {
                closer = closing.next
                openersBottom[kind] = delimiters[oldCloser].previous
                if !closing.canOpen { removeDelimiter(oldCloser) }
            }
        }
        while lastDelimiter >= 0 && lastDelimiter != bottom { removeDelimiter(lastDelimiter) }
    }
}
