/// Writes a parsed Markdown document as HTML, in the reference implementation's layout (so the
/// spec's examples compare).
struct MarkdownHTMLWriter {
    let options: MarkdownOptions
    private(set) var output = ""
    private(set) var firstHeading: String?
    /// Every link's and image's destination as written, in order.
    private(set) var destinations: [String] = []
    private var references: [String: MarkdownLinkReference] = [:]

    init(options: MarkdownOptions) {
        self.options = options
    }

    mutating func write(_ document: MarkdownBlock, references: [String: MarkdownLinkReference]) {
        self.references = references
        for child in document.children { write(child, inTightList: false) }
    }

    /// A line break unless the output is empty or already ends in one.
    private mutating func lineBreak() {
        if let last = output.unicodeScalars.last, last != "\n" { output += "\n" }
    }

    private mutating func write(_ block: MarkdownBlock, inTightList: Bool) {
        switch block.kind {
        case .document:
            for child in block.children { write(child, inTightList: false) }
        case .paragraph:
            if inTightList {
                writeInlines(block.content)
            } else {
                lineBreak()
                output += "<p>"
                writeInlines(block.content)
                output += "</p>\n"
            }
        case .heading:
            lineBreak()
            output += "<h\(block.level)>"
            let tree = writeInlines(block.content)
            output += "</h\(block.level)>\n"
            if firstHeading == nil {
                var text: [Unicode.Scalar] = []
                Self.plainText(of: MarkdownInlineTree.root, in: tree, into: &text)
                let words = String(String.UnicodeScalarView(text)).split(whereSeparator: \.isWhitespace)
                firstHeading = words.joined(separator: " ")
            }
        case .thematicBreak:
            lineBreak()
            output += "<hr />\n"
        case .blockQuote:
            lineBreak()
            output += "<blockquote>\n"
            for child in block.children { write(child, inTightList: false) }
            lineBreak()
            output += "</blockquote>\n"
        case .list:
            let list = block.list ?? MarkdownListData(marker: .bullet("-"), start: 0, markerOffset: 0, padding: 0)
            lineBreak()
            let tag: String
            switch list.marker {
            case .bullet:
                tag = "ul"
                output += "<ul>\n"
            case .ordered:
                tag = "ol"
                output += list.start == 1 ? "<ol>\n" : "<ol start=\"\(list.start)\">\n"
            }
            for item in block.children { write(item, inTightList: list.isTight) }
            lineBreak()
            output += "</\(tag)>\n"
        case .item:
            lineBreak()
            output += "<li>"
            for child in block.children { write(child, inTightList: inTightList) }
            output += "</li>\n"
        case .codeBlock:
            lineBreak()
            let language = block.info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            if let language {
                output += "<pre><code class=\"language-"
                MarkdownText.appendEscaped(language, to: &output)
                output += "\">"
            } else {
                output += "<pre><code>"
            }
            MarkdownText.appendEscaped(block.content, to: &output)
            output += "</code></pre>\n"
        case .htmlBlock:
            lineBreak()
            if options.allowsRawHTML {
                output.unicodeScalars.append(contentsOf: block.content)
            } else {
                output += "<p>"
                MarkdownText.appendEscaped(block.content, to: &output)
                output += "</p>"
            }
            output += "\n"
        }
    }

    @discardableResult
    private mutating func writeInlines(_ text: [Unicode.Scalar]) -> MarkdownInlineTree {
        var parser = MarkdownInlineParser(text, references: references, maximumNesting: options.maximumNesting)
        parser.parse()
        writeChildren(of: MarkdownInlineTree.root, in: parser.tree)
        return parser.tree
    }

    private mutating func writeChildren(of parent: Int, in tree: MarkdownInlineTree) {
        for child in tree.children(of: parent) { writeInline(child, in: tree) }
    }

    private mutating func writeInline(_ index: Int, in tree: MarkdownInlineTree) {
        let node = tree.nodes[index]
        switch node.kind {
        case .root: writeChildren(of: index, in: tree)
        case .text: MarkdownText.appendEscaped(node.literal, to: &output)
        case .softBreak: output += "\n"
        case .hardBreak: output += "<br />\n"
        case .code:
            output += "<code>"
            MarkdownText.appendEscaped(node.literal, to: &output)
            output += "</code>"
        case .emphasis:
            output += "<em>"
            writeChildren(of: index, in: tree)
            output += "</em>"
        case .strong:
            output += "<strong>"
            writeChildren(of: index, in: tree)
            output += "</strong>"
        case .html:
            if options.allowsRawHTML {
                output.unicodeScalars.append(contentsOf: node.literal)
            } else {
                MarkdownText.appendEscaped(node.literal, to: &output)
            }
        case .link:
            output += "<a href=\""
            writeDestination(node.destination, isImage: false)
            output += "\""
            writeTitle(node.title)
            output += ">"
            writeChildren(of: index, in: tree)
            output += "</a>"
        case .image:
            output += "<img src=\""
            writeDestination(node.destination, isImage: true)
            output += "\" alt=\""
            var alt: [Unicode.Scalar] = []
            Self.plainText(of: index, in: tree, into: &alt)
            MarkdownText.appendEscaped(alt, to: &output)
            output += "\""
            writeTitle(node.title)
            output += " />"
        }
    }

    /// A link's or image's destination, made safe (``safeDestination(_:isImage:)``), escaped and
    /// remembered in ``destinations``.
    private mutating func writeDestination(_ destination: [Unicode.Scalar], isImage: Bool) {
        let safe = safeDestination(destination, isImage: isImage)
        destinations.append(String(String.UnicodeScalarView(safe)))
        MarkdownText.appendEscaped(safe, to: &output)
    }

    /// ` title="…"`, when the link or image has a title.
    private mutating func writeTitle(_ title: [Unicode.Scalar]) {
        guard !title.isEmpty else { return }
        output += " title=\""
        MarkdownText.appendEscaped(title, to: &output)
        output += "\""
    }

    /// The destination, or nothing when raw HTML is not allowed and its scheme could run code or
    /// read local files.
    private func safeDestination(_ destination: [Unicode.Scalar], isImage: Bool) -> [Unicode.Scalar] {
        guard !options.allowsRawHTML else { return destination }
        let lower = String(String.UnicodeScalarView(destination.prefix(32))).lowercased()
        let safeImages = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
        if isImage && safeImages.contains(where: { lower.hasPrefix($0) }) { return destination }
        if ["javascript:", "vbscript:", "file:", "data:"].contains(where: { lower.hasPrefix($0) }) { return [] }
        return destination
    }

    /// The text of a node's descendants, as an image's `alt` holds it.
    static func plainText(of parent: Int, in tree: MarkdownInlineTree, into text: inout [Unicode.Scalar]) {
        for child in tree.children(of: parent) {
            let node = tree.nodes[child]
            switch node.kind {
            case .text, .code, .html: text.append(contentsOf: node.literal)
            case .softBreak, .hardBreak: text.append("\n")
            default: plainText(of: child, in: tree, into: &text)
            }
        }
    }
}
