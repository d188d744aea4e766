/// One element of a parsed template tree.
///
/// Every case carries a single immutable final class instance, so visiting a
/// node while rendering costs at most one retain rather than one per field;
/// rendering visits nodes tens of thousands of times per page.
///
/// Text and variable nodes, by far the most frequent, are referred to without
/// a retain (`Unmanaged`), which took a fifth off render times. The `Template`
/// whose parser created them owns them (`Template.owners`), and the renderer
/// only walks nodes of templates it holds for the whole render.
enum Node: Sendable {
    case text(Unmanaged<Text>)
    case variable(Unmanaged<Variable>)
    case section(Section)
    case partial(Partial)
    case parent(Parent)
    case block(Block)

    /// Literal text: a piece of one source line, with its line break if it ends the line.
    final class Text: Sendable {
        /// The UTF-8 bytes, owned by this object: copying from a plain buffer costs
        /// no reference counting, unlike reading an array field. `nonisolated(unsafe)`:
        /// the buffer is allocated and filled in `init`, never written again, and freed
        /// in `deinit`, so sharing it across threads is safe.
        nonisolated(unsafe) let bytes: UnsafeBufferPointer<UInt8>
        /// The text ends with a line break, so the next text starts a line.
        let endsLine: Bool
        /// The text is only a line break; indentation is not added to empty lines.
        let isLineBreak: Bool

        init(bytes: [UInt8], endsLine: Bool, isLineBreak: Bool) {
            let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = storage.initialize(from: bytes)
            self.bytes = UnsafeBufferPointer(storage)
            self.endsLine = endsLine
            self.isLineBreak = isLineBreak
        }

        deinit {
            bytes.deallocate()
        }
    }

    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
    final class Variable: Sendable {
        let name: Name
        let isEscaped: Bool

        init(name: Name, isEscaped: Bool) {
            self.name = name
            self.isEscaped = isEscaped
        }
    }

    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    final class Section: Sendable {
        let name: Name
        let nodes: [Node]
        let isInverted: Bool
        let location: Location

        init(name: Name, nodes: [Node], isInverted: Bool, location: Location) {
            self.name = name
            self.nodes = nodes
            self.isInverted = isInverted
            self.location = location
        }
    }

    /// `{{> name}}`; `indentation` (UTF-8) is set when the tag stands alone on its line.
    final class Partial: Sendable {
        let target: Target
        let indentation: [UInt8]?
        let location: Location

        init(target: Target, indentation: [UInt8]?, location: Location) {
            self.target = target
            self.indentation = indentation
            self.location = location
        }
    }

    /// `{{< name}}…{{/name}}` with the blocks it passes to the parent.
    final class Parent: Sendable {
        let target: Target
        let arguments: [String: BlockContent]
        let indentation: [UInt8]?
        let location: Location

        init(target: Target, arguments: [String: BlockContent], indentation: [UInt8]?, location: Location) {
            self.target = target
            self.arguments = arguments
            self.indentation = indentation
            self.location = location
        }
    }

    /// `{{$ name}}default{{/name}}` outside a parent tag: a place a caller may fill.
    final class Block: Sendable {
        let name: String
        let defaultContent: BlockContent
        let indentation: [UInt8]?
        let location: Location

        init(name: String, defaultContent: BlockContent, indentation: [UInt8]?, location: Location) {
            self.name = name
            self.defaultContent = defaultContent
            self.indentation = indentation
            self.location = location
        }
    }

    /// Which template a partial or parent tag pulls in.
    enum Target: Sendable {
        case named(String)
        /// `{{>*name}}`: the template's name is the value of `name` in the data.
        case dynamic(Name)
    }

    /// The content of a block.
    struct BlockContent: Sendable {
        let nodes: [Node]
    }

    /// Where a tag's opening delimiter is: template path and 1-based line and column.
    struct Location: Sendable, Equatable {
        let path: String
        let line: Int
        let column: Int
    }
}
