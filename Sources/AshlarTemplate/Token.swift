/// One piece of template source as the scanner cuts it: text, a line break, or a tag.
enum Token: Sendable {
    /// Literal text without line breaks, as a byte range of the source.
    case text(Range<Int>)
    /// `\n` or `\r\n`, as a byte range of the source.
    case lineBreak(Range<Int>)
    case tag(Tag)

    var tag: Tag? {
        if case .tag(let tag) = self { return tag }
        return nil
    }
}
