/// Walks a template tree once, writing into a single output buffer.
///
/// Holds the context stack, the block arguments in effect, the indentation of
/// standalone partials, and the chain of templates being expanded, so runaway
/// recursion ends in a `TemplateError` rather than a crash.
struct Renderer {
    /// Deepest allowed chain of partials and parents, counting from the rendered template.
    static let maximumPartialDepth = 100
    /// Deepest allowed nesting of sections, blocks and partials together while rendering.
    /// The walk is recursive: at this depth it needs about 200 KiB of stack in release
    /// builds (about 1 MiB in debug builds), within a secondary thread's usual 512 KiB.
    static let maximumNesting = 256

    /// Every template this render may walk, held for its whole duration (see `Node`).
    let templates: [String: Template]
    /// The template being rendered, which need not be in `templates`.
    let root: Template
    /// One buffer for the whole render, turned into a `String` once at the end.
    let output = OutputBuffer()
    var context: [TemplateValue]
    var arguments: [String: Node.BlockContent] = [:]
    /// Whitespace written before each line of template text; standalone partials,
    /// parents and blocks push onto its end and pop what they pushed.
    var indentation: [UInt8] = []
    var atLineStart = true
    /// Names of the templates being expanded, the rendered one first.
    var chain: [String]
    var nesting = 0
    /// Sections entered, list items and partials expanded so far, and how many may be.
    var work = 0
    var workLimit = TemplateLibrary.defaultWorkLimit
    var outputLimit = TemplateLibrary.defaultOutputLimit
    /// The last template a static partial or parent tag resolved to; a tile partial
    /// inside a long list resolves to the same template every time.
    private var lastResolved: (name: String, nodes: [Node])?

    init(templates: [String: Template], root: Template, named name: String, data: TemplateValue) {
        self.templates = templates
        self.root = root
        self.context = [data]
        self.chain = [name]
    }

    /// Renders the root template.
    mutating func render() throws(TemplateError) {
        try render(root.nodes)
        // Text and variables are not counted as work; a page that ends in one huge value is
        // caught here.
        guard output.count <= outputLimit else {
            throw TemplateError(path: chain.first ?? "", line: 1, column: 1, reason: Self.outputLimitReason(outputLimit))
        }
    }

    /// The output limit was hit: the page itself is too large, whatever made it so.
    static func outputLimitReason(_ limit: Int) -> String {
        "rendering stopped: the page is larger than the output limit of \(limit >> 20) MiB"
    }

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text):
                // The node's template outlives this render (see `Node`), so no retain is needed.
                text._withUnsafeGuaranteedRef { text in
                    if atLineStart && !indentation.isEmpty && !text.isLineBreak {
                        output.append(indentation)
                    }
                    output.append(text.bytes)
                    atLineStart = text.endsLine
                }
            case .variable(let variable):
                variable._withUnsafeGuaranteedRef { variable in
                    guard let value = lookup(variable.name) else { return }
                    write(value, escaped: variable.isEscaped)
                }
            case .section(let section):
                try render(section)
            case .partial(let partial):
                guard let (name, nodes) = resolve(partial.target) else { continue }
                try expand(nodes, named: name, indentation: partial.indentation, at: partial.location)
            case .parent(let parent):
                guard let (name, nodes) = resolve(parent.target) else { continue }
                // Arguments from further out win: the outermost template has the last word.
                let saved = arguments
                arguments = parent.arguments.merging(saved) { _, outer in outer }
                try expand(nodes, named: name, indentation: parent.indentation, at: parent.location)
                arguments = saved
            case .block(let block):
                try render(block)
            }
        }
    }

    private mutating func render(_ section: Node.Section) throws(TemplateError) {
        let value = lookup(section.name)
        let isTruthy = value?.isTruthy ?? false
        guard isTruthy != section.isInverted else { return }
        try enter(at: section.location)
        if section.isInverted {
            try render(section.nodes)
        } else if case .array(let items)? = value {
            for item in items {
                try count(at: section.location)
                context.append(item)
                try render(section.nodes)
                context.removeLast()
            }
        } else if let value {
            context.append(value)
            try render(section.nodes)
            context.removeLast()
        }
        nesting -= 1
    }

    private mutating func render(_ block: Node.Block) throws(TemplateError) {
        let content = arguments[block.name] ?? block.defaultContent
        try enter(at: block.location)
        let pushed = pushIndentation(block.indentation)
        try render(content.nodes)
        popIndentation(pushed)
        nesting -= 1
    }

    private mutating func expand(
        _ nodes: [Node], named name: String, indentation: [UInt8]?, at location: Node.Location
    ) throws(TemplateError) {
        guard chain.count <= Self.maximumPartialDepth else {
            throw TemplateError(
                path: location.path, line: location.line, column: location.column,
                reason: "partial recursion deeper than \(Self.maximumPartialDepth) levels: "
                    + Self.describe(chain + [name])
            )
        }
        try enter(at: location)
        let pushed = pushIndentation(indentation)
        chain.append(name)
        try render(nodes)
        chain.removeLast()
        popIndentation(pushed)
        nesting -= 1
    }

    /// Adds a standalone tag's indentation, if any, and returns how many bytes to pop afterwards.
    private mutating func pushIndentation(_ extra: [UInt8]?) -> Int {
        guard let extra else { return 0 }
        atLineStart = true
        indentation.append(contentsOf: extra)
        return extra.count
    }

    private mutating func popIndentation(_ count: Int) {
        if count > 0 {
            indentation.removeLast(count)
        }
    }

    /// One more step of work; throws past the limits on work and output.
    private mutating func count(at location: Node.Location) throws(TemplateError) {
        work += 1
        guard work <= workLimit else {
            throw TemplateError(
                path: location.path, line: location.line, column: location.column,
                reason: "rendering stopped after more than \(workLimit) sections, list items and partials; "
                    + "sections nested over lists multiply the work: " + Self.describe(chain)
            )
        }
        guard output.count <= outputLimit else {
            throw TemplateError(
                path: location.path, line: location.line, column: location.column,
                reason: Self.outputLimitReason(outputLimit))
        }
    }

    private mutating func enter(at location: Node.Location) throws(TemplateError) {
        try count(at: location)
        nesting += 1
        guard nesting <= Self.maximumNesting else {
            throw TemplateError(
                path: location.path, line: location.line, column: location.column,
                reason: "templates nested more than \(Self.maximumNesting) levels deep while rendering: "
                    + Self.describe(chain)
            )
        }
    }

    /// `a -> b -> a -> …`: the chain up to the first name that repeats, or its first few names.
    static func describe(_ chain: [String]) -> String {
        var seen: Set<String> = []
        var shown: [String] = []
        for name in chain {
            shown.append(name)
            if !seen.insert(name).inserted || shown.count == 8 {
                break
            }
        }
        if shown.count < chain.count {
            shown.append("…")
        }
        return shown.joined(separator: " -> ")
    }

    private mutating func resolve(_ target: Node.Target) -> (String, [Node])? {
        switch target {
        case .named(let name):
            if let last = lastResolved, last.name == name {
                return last
            }
            guard let template = templates[name] else { return nil }
            lastResolved = (name, template.nodes)
            return (name, template.nodes)
        case .dynamic(let reference):
            guard let value = lookup(reference) else { return nil }
            let name = value.interpolationText
            guard let template = templates[name] else { return nil }
            return (name, template.nodes)
        }
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(let string):
            guard !string.isEmpty else { return }
            startLineIfNeeded()
            if escaped {
                output.appendEscapingHTML(string)
            } else {
                output.append(string)
            }
        case .number(let number):
            startLineIfNeeded()
            output.appendNumber(number)
        case .bool(let bool):
            startLineIfNeeded()
            output.append(bool ? "true" : "false")
        case .null, .array, .object:
            return
        }
    }

    /// Writes the indentation before the first output of an indented line.
    private mutating func startLineIfNeeded() {
        if atLineStart && !indentation.isEmpty {
            output.append(indentation)
        }
        atLineStart = false
    }
}
