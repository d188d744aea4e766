/// Builds a template tree from the scanner's tokens.
///
/// Three passes: match opening and closing tags, decide what whitespace the
/// spec's standalone and indentation rules remove (`Parser+Whitespace.swift`),
/// then assemble the nodes.
struct Parser {
    /// Deepest allowed nesting of sections, blocks and parents within one template.
    static let maximumNesting = 200

    let bytes: [UInt8]
    let path: String
    let tokens: [Token]

    /// For tags that open or close an element, the index of the matching tag; -1 otherwise.
    var partner: [Int]
    /// For block tags, whether the block is an argument passed directly inside a parent tag.
    var isArgument: [Bool]
    /// Tokens the whitespace rules remove.
    var dropped: [Bool]
    /// For text tokens, how many leading bytes a block's intrinsic indentation removes.
    var trimmedPrefix: [Int]
    /// For partial, parent and block tags that stand alone: the indentation (UTF-8) to add to what they expand to.
    var indentation: [Int: [UInt8]] = [:]
    var lines: [Line] = []
    var lineOfToken: [Int]

    init(bytes: [UInt8], path: String, tokens: [Token]) {
        self.bytes = bytes
        self.path = path
        self.tokens = tokens
        partner = Array(repeating: -1, count: tokens.count)
        isArgument = Array(repeating: false, count: tokens.count)
        dropped = Array(repeating: false, count: tokens.count)
        trimmedPrefix = Array(repeating: 0, count: tokens.count)
        lineOfToken = Array(repeating: 0, count: tokens.count)
    }

    /// What parsing produces: the nodes, the static references, and the objects the nodes refer to unretained.
    struct Tree {
        var nodes: [Node]
        var references: [TemplateReference]
        var owners: [any AnyObject & Sendable]
    }

    mutating func parse() throws(TemplateError) -> Tree {
        try matchTags()
        findLines()
        applyWhitespaceRules()
        return buildTree()
    }

    private mutating func matchTags() throws(TemplateError) {
        var open: [Int] = []
        for index in tokens.indices {
            guard let tag = tokens[index].tag else { continue }
            if let top = open.last, let parent = tokens[top].tag, parent.kind == .parent {
                switch tag.kind {
                case .block, .close, .comment, .delimiters:
                    break
                default:
                    throw error(
                        at: tag.start,
                        "only blocks may appear inside parent '\(parent.spelledName)', found \(tag.kind.noun) '\(tag.spelledName)'"
                    )
                }
            }
            if tag.kind.opensElement {
                guard open.count < Self.maximumNesting else {
                    throw error(at: tag.start, "sections nested more than \(Self.maximumNesting) levels deep")
                }
                if tag.kind == .block, let top = open.last, tokens[top].tag?.kind == .parent {
                    isArgument[index] = true
                }
                open.append(index)
            } else if tag.kind == .close {
                guard let top = open.popLast(), let opener = tokens[top].tag else {
                    throw error(at: tag.start, "unexpected closing tag '/\(tag.spelledName)': no section is open")
                }
                guard opener.spelledName == tag.spelledName else {
                    var locator = SourceLocator(bytes: bytes)
                    let opened = locator.location(of: opener.start)
                    throw error(
                        at: tag.start,
                        "'/\(tag.spelledName)' does not close \(opener.kind.noun) '\(opener.spelledName)' "
                            + "opened at \(opened.line):\(opened.column); expected '/\(opener.spelledName)'"
                    )
                }
                partner[top] = index
                partner[index] = top
            }
        }
        if let top = open.last, let opener = tokens[top].tag {
            throw error(at: opener.start, "unclosed \(opener.kind.noun) '\(opener.spelledName)'")
        }
    }

    private struct Frame {
        var opener: Int
        var location: Node.Location
        var isParentBody: Bool
        var nodes: [Node] = []
        var arguments: [String: Node.BlockContent] = [:]
    }

    private func buildTree() -> Tree {
        var frames = [Frame(opener: -1, location: Node.Location(path: path, line: 1, column: 1), isParentBody: false)]
        var pending: [UInt8] = []
        var locator = SourceLocator(bytes: bytes)
        var references: [TemplateReference] = []
        var owners: [any AnyObject & Sendable] = []

        func flush(endsLine: Bool) {
            guard !pending.isEmpty else { return }
            let isLineBreak = pending == [UInt8(ascii: "\n")] || pending == [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
            let text = Node.Text(bytes: pending, endsLine: endsLine, isLineBreak: isLineBreak)
            owners.append(text)
            frames[frames.count - 1].nodes.append(.text(Unmanaged.passUnretained(text)))
            pending = []
        }

        for index in tokens.indices where !dropped[index] {
            let inParentBody = frames[frames.count - 1].isParentBody
            switch tokens[index] {
            case .text(let range):
                guard !inParentBody else { continue }
                let start = range.lowerBound + trimmedPrefix[index]
                if start < range.upperBound {
                    pending += bytes[start..<range.upperBound]
                }
            case .lineBreak(let range):
                guard !inParentBody else { continue }
                pending += bytes[range]
                flush(endsLine: true)
            case .tag(let tag):
                switch tag.kind {
                case .comment, .delimiters:
                    continue
                case .variable, .rawVariable:
                    flush(endsLine: false)
                    let variable = Node.Variable(name: Name(tag.name), isEscaped: tag.kind == .variable)
                    owners.append(variable)
                    frames[frames.count - 1].nodes.append(.variable(Unmanaged.passUnretained(variable)))
                case .partial:
                    flush(endsLine: false)
                    let location = location(of: tag, using: &locator)
                    if !tag.isDynamic {
                        references.append(reference(to: tag, at: location))
                    }
                    let partial = Node.Partial(
                        target: target(of: tag), indentation: indentation[index], location: location)
                    frames[frames.count - 1].nodes.append(.partial(partial))
                case .section, .invertedSection, .parent, .block:
                    flush(endsLine: false)
                    let location = location(of: tag, using: &locator)
                    if tag.kind == .parent && !tag.isDynamic {
                        references.append(reference(to: tag, at: location))
                    }
                    frames.append(Frame(opener: index, location: location, isParentBody: tag.kind == .parent))
                case .close:
                    flush(endsLine: false)
                    guard frames.count > 1, let frame = frames.popLast(), let opener = tokens[frame.opener].tag else {
                        continue
                    }
                    let content = Node.BlockContent(nodes: frame.nodes)
                    switch opener.kind {
                    case .section, .invertedSection:
                        let section = Node.Section(
                            name: Name(opener.name), nodes: frame.nodes,
                            isInverted: opener.kind == .invertedSection, location: frame.location
                        )
                        frames[frames.count - 1].nodes.append(.section(section))
                    case .parent:
                        let parent = Node.Parent(
                            target: target(of: opener), arguments: frame.arguments,
                            indentation: indentation[frame.opener], location: frame.location
                        )
                        frames[frames.count - 1].nodes.append(.parent(parent))
                    case .block where isArgument[frame.opener]:
                        // A repeated argument replaces the earlier one.
                        frames[frames.count - 1].arguments[opener.name] = content
                    case .block:
                        let block = Node.Block(
                            name: opener.name, defaultContent: content,
                            indentation: indentation[frame.opener], location: frame.location
                        )
                        frames[frames.count - 1].nodes.append(.block(block))
                    default:
                        continue
                    }
                }
            }
        }
        flush(endsLine: false)
        return Tree(nodes: frames[0].nodes, references: references, owners: owners)
    }

    private func location(of tag: Tag, using locator: inout SourceLocator) -> Node.Location {
        let place = locator.location(of: tag.start)
        return Node.Location(path: path, line: place.line, column: place.column)
    }

    private func target(of tag: Tag) -> Node.Target {
        tag.isDynamic ? .dynamic(Name(tag.name)) : .named(tag.name)
    }

    private func reference(to tag: Tag, at location: Node.Location) -> TemplateReference {
        TemplateReference(
            name: tag.name, line: location.line, column: location.column,
            kind: tag.kind == .parent ? .parent : .partial
        )
    }

    func error(at offset: Int, _ reason: String) -> TemplateError {
        var locator = SourceLocator(bytes: bytes)
        let location = locator.location(of: offset)
        return TemplateError(path: path, line: location.line, column: location.column, reason: reason)
    }
}
