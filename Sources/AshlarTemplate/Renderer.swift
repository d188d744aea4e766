/// Walks a template tree once, writing into a single output buffer.
///
/// Holds the context stack, the block arguments in effect, the indentation of
/// standalone partials, and the chain of templates being expanded, so runaway
/// recursion ends in a `TemplateError` rather than a crash.
struct Renderer {
    /// Deepest allowed chain of partials and parents, counting from the rendered template.
    static let maximumPartialDepth = 100
    /// Deepest allowed nesting of sections, blocks and partials together while rendering;
    /// keeps the recursive walk well inside a small thread stack.
    static let maximumNesting = 1_000

    let templates: [String: Template]
    var output = ""
    var context: [TemplateValue]
    var arguments: [String: Node.Block] = [:]
    var indentation = ""
    var atLineStart = true
    /// Path of the template whose nodes are being walked, for error messages.
    var path: String
    /// Names of the templates being expanded, the rendered one first.
    var chain: [String]
    var nesting = 0

    init(templates: [String: Template], data: TemplateValue, root: String, path: String) {
        self.templates = templates
        self.context = [data]
        self.path = path
        self.chain = [root]
    }

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                if atLineStart && !indentation.isEmpty && !text.isLineBreak {
                    output += indentation
                }
                output += text.string
                atLineStart = text.endsLine
            case .variable(let name, let escaped):
                guard let value = lookup(name) else { continue }
                write(value, escaped: escaped)
            case .section(let name, let nodes, let inverted, let location):
                let value = lookup(name)
                let isTruthy = value?.isTruthy ?? false
                guard isTruthy != inverted else { continue }
                try enter(at: location)
                if inverted {
                    try render(nodes)
                } else if case .array(let items)? = value {
                    for item in items {
                        context.append(item)
                        try render(nodes)
                        context.removeLast()
                    }
                } else if let value {
                    context.append(value)
                    try render(nodes)
                    context.removeLast()
                }
                nesting -= 1
            case .partial(let target, let indentation, let location):
                guard let (name, template) = resolve(target) else { continue }
                try expand(template, named: name, indentation: indentation, at: location)
            case .parent(let target, let parentArguments, let indentation, let location):
                guard let (name, template) = resolve(target) else { continue }
                // Arguments from further out win: the outermost template has the last word.
                let saved = arguments
                arguments = parentArguments.merging(saved) { _, outer in outer }
                try expand(template, named: name, indentation: indentation, at: location)
                arguments = saved
            case .block(let name, let defaultContent, let indentation, let location):
                let content = arguments[name] ?? defaultContent
                try enter(at: location)
                let savedIndentation = self.indentation
                let savedPath = path
                if let indentation {
                    self.indentation += indentation
                    atLineStart = true
                }
                path = content.path
                try render(content.nodes)
                path = savedPath
                self.indentation = savedIndentation
                nesting -= 1
            }
        }
    }

    private mutating func expand(
        _ template: Template, named name: String, indentation: String?, at location: Node.Location
    ) throws(TemplateError) {
        guard chain.count <= Self.maximumPartialDepth else {
            throw TemplateError(
                path: path, line: location.line, column: location.column,
                reason: "partial recursion deeper than \(Self.maximumPartialDepth) levels: "
                    + Self.describe(chain + [name])
            )
        }
        try enter(at: location)
        let savedIndentation = self.indentation
        let savedPath = path
        if let indentation {
            self.indentation += indentation
            atLineStart = true
        }
        path = template.path
        chain.append(name)
        try render(template.nodes)
        chain.removeLast()
        path = savedPath
        self.indentation = savedIndentation
        nesting -= 1
    }

    private mutating func enter(at location: Node.Location) throws(TemplateError) {
        nesting += 1
        guard nesting <= Self.maximumNesting else {
            throw TemplateError(
                path: path, line: location.line, column: location.column,
                reason: "templates nested more than \(Self.maximumNesting) levels deep while rendering"
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

    private func resolve(_ target: Node.Target) -> (String, Template)? {
        let name: String
        switch target {
        case .named(let named):
            name = named
        case .dynamic(let reference):
            guard let value = lookup(reference) else { return nil }
            name = value.interpolationText
        }
        guard let template = templates[name] else { return nil }
        return (name, template)
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = TemplateValue.text(for: number)
        case .bool(let bool): text = bool ? "true" : "false"
        case .null, .array, .object: return
        }
        guard !text.isEmpty else { return }
        if atLineStart && !indentation.isEmpty {
            output += indentation
        }
        atLineStart = false
        if escaped {
            output.appendEscapingHTML(text)
        } else {
            output += text
        }
    }
}
