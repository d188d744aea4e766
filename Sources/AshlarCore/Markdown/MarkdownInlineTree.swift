/// The inline content of one paragraph or heading: nodes in an arena, linked by index.
///
/// An arena rather than objects: the emphasis and link algorithms move runs of siblings under a
/// new parent, which a doubly linked list does in constant time, and an arena frees any shape of
/// tree without recursion.
struct MarkdownInlineTree {
    enum Kind: Equatable { case root, text, softBreak, hardBreak, code, emphasis, strong, link, image, html }

    struct Node {
        var kind: Kind
        var literal: [Unicode.Scalar] = []
        var destination: [Unicode.Scalar] = []
        var title: [Unicode.Scalar] = []
        var parent = -1
        var firstChild = -1
        var lastChild = -1
        var previous = -1
        var next = -1
        /// How deep emphasis, links and images nest inside this node (0 for text).
        var height = 0
    }

    var nodes: [Node] = [Node(kind: .root)]

    static let root = 0

    /// Adds a node as `parent`'s last child and returns its index.
    @discardableResult
    mutating func append(_ node: Node, to parent: Int) -> Int {
        let index = nodes.count
        nodes.append(node)
        attach(index, to: parent)
        return index
    }

    mutating func attach(_ child: Int, to parent: Int) {
        nodes[child].parent = parent
        nodes[child].next = -1
        let last = nodes[parent].lastChild
        nodes[child].previous = last
        if last >= 0 { nodes[last].next = child } else { nodes[parent].firstChild = child }
        nodes[parent].lastChild = child
    }

    mutating func unlink(_ index: Int) {
        let node = nodes[index]
        if node.previous >= 0 {
            nodes[node.previous].next = node.next
        } else if node.parent >= 0 {
            nodes[node.parent].firstChild = node.next
        }
        if node.next >= 0 {
            nodes[node.next].previous = node.previous
        } else if node.parent >= 0 {
            nodes[node.parent].lastChild = node.previous
        }
        nodes[index].parent = -1
        nodes[index].previous = -1
        nodes[index].next = -1
    }

    /// Puts a new node right after `sibling` and returns its index.
    mutating func insert(_ node: Node, after sibling: Int) -> Int {
        let index = nodes.count
        nodes.append(node)
        let parent = nodes[sibling].parent
        let next = nodes[sibling].next
        nodes[index].parent = parent
        nodes[index].previous = sibling
        nodes[index].next = next
        nodes[sibling].next = index
        if next >= 0 { nodes[next].previous = index } else if parent >= 0 { nodes[parent].lastChild = index }
        return index
    }

    /// Moves the siblings after `first` (up to, not including, `end`, or to the last) under `parent`;
    /// returns the greatest height among them.
    @discardableResult
    mutating func move(siblingsAfter first: Int, upTo end: Int, under parent: Int) -> Int {
        var height = 0
        var current = nodes[first].next
        while current >= 0 && current != end {
            let next = nodes[current].next
            height = max(height, nodes[current].height)
            unlink(current)
            attach(current, to: parent)
            current = next
        }
        return height
    }

    /// The greatest height among the siblings after `first`, up to `end`.
    func height(ofSiblingsAfter first: Int, upTo end: Int) -> Int {
        var height = 0
        var current = nodes[first].next
        while current >= 0 && current != end {
            height = max(height, nodes[current].height)
            current = nodes[current].next
        }
        return height
    }

    func children(of parent: Int) -> UnfoldSequence<Int, Int> {
        sequence(state: nodes[parent].firstChild) { current in
            guard current >= 0 else { return nil }
            defer { current = nodes[current].next }
            return current
        }
    }
}
