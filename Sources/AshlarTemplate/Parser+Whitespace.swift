/// The spec's whitespace rules, decided on whole source lines before the tree is built.
///
/// - A tag other than an interpolation that is the only thing on its line
///   besides spaces and tabs is *standalone*: the line's whitespace and line
///   break go with it. A standalone partial indents every line it expands to
///   by the whitespace before it. (Like the spec, and unlike mustache.js, a line
///   holding two tags is not standalone.)
/// - A parent pair whose opening tag starts its line and whose closing tag ends
///   its line is standalone too, wherever its inner tags sit: the leading
///   whitespace becomes indentation and the closing tag takes its line break.
/// - An argument block (directly inside a parent) that opens at the end of a
///   line takes that line break; its closing tag takes the whitespace before it.
/// - A parameter block pair that starts and ends its lines indents whatever
///   fills it: by its *intrinsic* indentation (the whitespace starting the line
///   after the opening tag) when the opening tag ends its line, else by the
///   whitespace before the opening tag, which is then removed. A parameter block's
///   closing tag only takes its line break when it stands alone, so
///   `  {{$b}}{{/b}}` keeps its line break (spec: "Standalone block").
/// - A block with intrinsic indentation removes it from the start of each line
///   of its content, so content is re-indented where it is expanded.
extension Parser {
    struct Line {
        /// Index of the line's first token.
        var start: Int
        /// Index just past the line's last token, its line break included.
        var end: Int
        /// Index of the line break token, or `end` on the last line without one.
        var contentEnd: Int
        /// First and last tokens that are not spaces-and-tabs text.
        var firstSolid: Int?
        var lastSolid: Int?
    }

    private struct DedentScope {
        /// Index of the block's closing tag; the scope covers lines up to that tag's line.
        var close: Int
        var prefix: [UInt8]
    }

    mutating func findLines() {
        var start = 0
        for index in tokens.indices {
            lineOfToken[index] = lines.count
            if case .lineBreak = tokens[index] {
                lines.append(makeLine(from: start, to: index + 1))
                start = index + 1
            }
        }
        if start < tokens.count {
            lines.append(makeLine(from: start, to: tokens.count))
        }
    }

    private func makeLine(from start: Int, to end: Int) -> Line {
        var contentEnd = end
        if end > start, case .lineBreak = tokens[end - 1] {
            contentEnd = end - 1
        }
        let solid = (start..<contentEnd).filter { !isBlankText($0) }
        return Line(start: start, end: end, contentEnd: contentEnd, firstSolid: solid.first, lastSolid: solid.last)
    }

    mutating func applyWhitespaceRules() {
        var scopes: [DedentScope] = []
        for lineIndex in lines.indices {
            let line = lines[lineIndex]
            scopes.removeAll { $0.close < line.start }
            if line.start < line.contentEnd, case .text(let range) = tokens[line.start] {
                trimmedPrefix[line.start] = dedentLength(of: range, by: scopes, applyingTo: line.start)
            }
            guard let first = line.firstSolid, let last = line.lastSolid else { continue }

            let standalone = first == last && tokens[first].tag?.kind.canStandAlone == true
            if standalone {
                for index in line.start..<line.end where index != first {
                    dropped[index] = true
                }
                if tokens[first].tag?.kind == .partial {
                    indentation[first] = leadingWhitespace(of: line)
                }
            }

            for index in first...last {
                guard let tag = tokens[index].tag else { continue }
                switch tag.kind {
                case .parent:
                    let close = partner[index]
                    let closeLine = lines[lineOfToken[close]]
                    let opensLine = first == index
                    let closesLine = closeLine.lastSolid == close
                    if opensLine && (standalone || closesLine) {
                        indentation[index] = leadingWhitespace(of: line)
                        drop(in: line, before: index)
                    }
                    if opensLine && closesLine {
                        drop(in: closeLine, after: close)
                    }
                case .block where isArgument[index]:
                    if last == index {
                        drop(in: line, after: index)
                        let intrinsic = leadingWhitespace(afterLine: lineIndex, scopes: scopes)
                        if !intrinsic.isEmpty {
                            scopes.append(DedentScope(close: partner[index], prefix: intrinsic))
                        }
                    }
                case .block:
                    let close = partner[index]
                    guard first == index, lines[lineOfToken[close]].lastSolid == close else { continue }
                    if last == index {
                        let intrinsic = leadingWhitespace(afterLine: lineIndex, scopes: scopes)
                        indentation[index] = intrinsic
                        if !intrinsic.isEmpty {
                            scopes.append(DedentScope(close: close, prefix: intrinsic))
                        }
                    } else {
                        indentation[index] = leadingWhitespace(of: line)
                        drop(in: line, before: index)
                    }
                case .close:
                    let opener = partner[index]
                    if opener >= 0 && isArgument[opener] && first == index {
                        drop(in: line, before: index)
                    }
                default:
                    continue
                }
            }
        }
    }

    /// Whether a token is text made only of spaces and tabs.
    private func isBlankText(_ index: Int) -> Bool {
        guard case .text(let range) = tokens[index] else { return false }
        return bytes[range].allSatisfy(Self.isSpaceOrTab)
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private mutating func drop(in line: Line, before index: Int) {
        for position in line.start..<index {
            dropped[position] = true
        }
    }

    private mutating func drop(in line: Line, after index: Int) {
        for position in index + 1..<line.end {
            dropped[position] = true
        }
    }

    /// Bytes the open dedent scopes remove from the start of the text token at `token`.
    private func dedentLength(of range: Range<Int>, by scopes: [DedentScope], applyingTo token: Int) -> Int {
        var offset = range.lowerBound
        for scope in scopes where scope.close >= token {
            let end = offset + scope.prefix.count
            if end <= range.upperBound && bytes[offset..<end].elementsEqual(scope.prefix) {
                offset = end
            }
        }
        return offset - range.lowerBound
    }

    /// The spaces and tabs starting a line, after any dedent already decided for it.
    private func leadingWhitespace(of line: Line) -> [UInt8] {
        guard line.start < line.contentEnd, case .text(let range) = tokens[line.start] else { return [] }
        let start = range.lowerBound + trimmedPrefix[line.start]
        var end = start
        while end < range.upperBound && Self.isSpaceOrTab(bytes[end]) {
            end += 1
        }
        return Array(bytes[start..<end])
    }

    /// The spaces and tabs starting the line after `lineIndex`, after the dedent the open scopes will apply to it.
    private func leadingWhitespace(afterLine lineIndex: Int, scopes: [DedentScope]) -> [UInt8] {
        guard lineIndex + 1 < lines.count else { return [] }
        let next = lines[lineIndex + 1]
        guard next.start < next.contentEnd, case .text(let range) = tokens[next.start] else { return [] }
        let start = range.lowerBound + dedentLength(of: range, by: scopes, applyingTo: next.start)
        var end = start
        while end < range.upperBound && Self.isSpaceOrTab(bytes[end]) {
            end += 1
        }
        return Array(bytes[start..<end])
    }
}
