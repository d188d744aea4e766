/// The data a template renders: JSON's shapes, nothing more.
///
/// Decode it from any JSON with `JSONDecoder`, or write it with literals:
/// `["title": "Rome", "count": 12, "tags": ["night"], "gps": nil]`.
public enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TemplateValue])
    case object(TemplateObject)
}
