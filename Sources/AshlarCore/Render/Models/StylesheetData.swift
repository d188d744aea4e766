import AshlarTemplate

/// `assets/*.mustache`: what the stylesheet (and any other asset template) receives.
struct StylesheetData: TemplateValueConvertible {
    /// as on every page (its links relative to `assets/`)
    var site: SiteSummary
    /// one per configured breakpoint, smallest first
    var breakpoints: [Breakpoint]

    /// One item of `breakpoints`: the CSS values of a breakpoint's `@container` rule.
    struct Breakpoint: TemplateValueConvertible {
        /// 1-based, matches `--c1`, `--y1`, `--h1`
        var number: Int
        /// the gallery's narrowest width for this layout, px, as text
        var minWidth: String
        /// how many columns
        var columns: Int
        /// a column's width, percent of the gallery's, as text
        var columnWidth: String
        /// column width plus gap, percent, as text
        var columnStep: String

        var templateValue: TemplateValue {
            .object([
                "number": .number(Double(number)),
                "minWidth": .string(minWidth),
                "columns": .number(Double(columns)),
                "columnWidth": .string(columnWidth),
                "columnStep": .string(columnStep),
            ])
        }
    }

    var templateValue: TemplateValue {
        .object(["site": site.templateValue, "breakpoints": breakpoints.templateValue])
    }
}
