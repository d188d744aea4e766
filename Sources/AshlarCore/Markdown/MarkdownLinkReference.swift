/// A link reference definition's destination and title, as its label's links use them.
struct MarkdownLinkReference: Equatable {
    var destination: [Unicode.Scalar]
    var title: [Unicode.Scalar]
}
