/// A JSON text parsed with positions (RFC 8259, strict: no comments, no trailing commas).
/// A UTF-8 byte order mark at the start is accepted and skipped.
package struct JSONDocument: Sendable {
    package let bytes: [UInt8]
    package let root: JSONValue

    /// Nesting deeper than this is refused rather than risking the stack.
    package static let maximumDepth = 256

    package init(bytes: [UInt8]) throws(JSONSyntaxError) {
        self.bytes = bytes
        var parser = JSONParser(bytes: bytes)
        self.root = try parser.parseDocument()
    }

    package init(text: String) throws(JSONSyntaxError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// The 1-based line and column of a byte offset.
    package func location(of offset: Int) -> SourceLocation {
        SourceLocation(offset: offset, in: bytes)
    }
}

/// Why a JSON text could not be parsed, and where (a UTF-8 byte offset).
package struct JSONSyntaxError: Error, Sendable, Equatable {
    package var offset: Int
    package var reason: String

    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}
