/// A block of a Markdown document while it is parsed: a container (the document, a block quote,
/// a list, a list item) or a leaf (a paragraph, heading, thematic break, code or HTML block).
///
/// A reference type because the parser keeps a path of open blocks and appends to the deepest;
/// containers nest at most ``MarkdownOptions/maximumNesting`` deep.
final class MarkdownBlock {
    enum Kind: Equatable {
        case document, blockQuote, list, item, paragraph, heading, thematicBreak, codeBlock, htmlBlock
    }

    var kind: Kind
    weak var parent: MarkdownBlock?
    var children: [MarkdownBlock] = []
    var isOpen = true
    var lastLineBlank = false
    var lastLineChecked = false
    /// The 1-based line the block starts on.
    let startLine: Int
    /// The block's text lines (paragraphs, headings, code and HTML), each ending in a line feed.
    var content: [Unicode.Scalar] = []
    /// A heading's level, 1–6.
    var level = 0
    var list: MarkdownListData?
    var fence: MarkdownFence?
    /// A fenced code block's info string, unescaped.
    var info: [Unicode.Scalar] = []
    /// An HTML block's start condition, 1–7 (the spec's numbering).
    var htmlBlockType = 0
    /// How many block quotes and list items hold this block.
    let depth: Int

    init(kind: Kind, startLine: Int, depth: Int) {
        self.kind = kind
        self.startLine = startLine
        self.depth = depth
    }

    var lastChild: MarkdownBlock? { children.last }

    /// Whether a block of `kind` may be a child of this one.
    func canContain(_ child: Kind) -> Bool {
        switch kind {
        case .document, .blockQuote, .item: child != .item
        case .list: child == .item
        default: false
        }
    }

    /// Whether the parser adds the rest of each line to this block's content.
    var acceptsLines: Bool { kind == .paragraph || kind == .codeBlock || kind == .htmlBlock }
}

/// A list's or list item's marker and indentation.
struct MarkdownListData: Equatable {
    enum Marker: Equatable {
        case bullet(Unicode.Scalar)
        case ordered(delimiter: Unicode.Scalar)
    }

    var marker: Marker
    var start: Int
    var markerOffset: Int
    var padding: Int
    var isTight = true
}

/// A fenced code block's fence.
struct MarkdownFence: Equatable {
    var character: Unicode.Scalar
    var length: Int
    var offset: Int
}
