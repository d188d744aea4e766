/// The data a template renders: JSON's shapes, nothing more.
public enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TemplateValue])
    case object([String: TemplateValue])
}
