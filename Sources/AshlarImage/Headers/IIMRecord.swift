/// The IPTC-IIM application record (2:xx) of an image, as `IIMReader` found it: each dataset's
/// texts in the order written, decoded, trimmed, empty ones left out. The media-level result that
/// AshlarCore's metadata field table maps to a photo's fields.
package struct IIMRecord: Sendable, Equatable {
    /// Texts by dataset number (`5` object name, `25` keywords, `120` caption…).
    package var datasets: [UInt8: [String]] = [:]

    package init() {}

    /// The first text of `dataset`.
    package func first(_ dataset: UInt8) -> String? { datasets[dataset]?.first }

    /// Whether any dataset holds text.
    package var isEmpty: Bool { datasets.isEmpty }
}
