import AshlarTemplate

/// A value the templates receive: a page's model, one of its parts, or a plain value.
///
/// A model's keys are its stored properties' names, and its `templateValue` gives each of them
/// (an optional only when set): Templates/README.md's variable tables are generated from the
/// models' declarations and doc comments (`TemplateVariablesTests`).
protocol TemplateValueConvertible: Sendable {
    var templateValue: TemplateValue { get }
}

extension String: TemplateValueConvertible {
    var templateValue: TemplateValue { .string(self) }
}

extension Int: TemplateValueConvertible {
    var templateValue: TemplateValue { .number(Double(self)) }
}

extension Bool: TemplateValueConvertible {
    var templateValue: TemplateValue { .bool(self) }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    var templateValue: TemplateValue { .array(map { $0.templateValue }) }
}

/// A model encoded once, for the parts many pages share (the site, an album's breadcrumbs, the
/// links of a long album's pages): each page then holds a reference, not a copy to encode again.
struct Encoded<Model: TemplateValueConvertible>: TemplateValueConvertible {
    let templateValue: TemplateValue

    init(_ model: Model) {
        templateValue = model.templateValue
    }
}
