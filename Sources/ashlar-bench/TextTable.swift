/// A table printed in aligned columns, two spaces apart: the first column left-aligned (names),
/// the others right-aligned (figures).
struct TextTable {
    var header: [String]
    var rows: [[String]]

    /// The lines, each indented by `indent`; a row shorter than the header is padded with empty
    /// cells.
    func lines(indent: String = "  ") -> [String] {
        let all = ([header] + rows).map { $0 + Array(repeating: "", count: max(0, header.count - $0.count)) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            indent
                + header.indices.map { column in
                    let padding = String(repeating: " ", count: widths[column] - row[column].count)
                    return column == 0 ? row[column] + padding : padding + row[column]
                }.joined(separator: "  ")
        }
    }
}
