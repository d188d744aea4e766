extension Theme {
    static let themeKeys = JSONObjectReader.Keys(names: ["page", "photo"], noun: "a theme key", nullMeansAbsent: false)
    static let pageKeys = JSONObjectReader.Keys(
        names: ["maxWidth", "padding"], noun: "a theme key", nullMeansAbsent: false)
    static let photoKeys = JSONObjectReader.Keys(
        names: ["maxHeight", "chrome", "fullWidth", "details"], noun: "a theme key", nullMeansAbsent: false)
    static let detailsKeys = JSONObjectReader.Keys(
        names: ["minViewport", "width", "gap"], noun: "a theme key", nullMeansAbsent: false)
    static let paddingKeys = JSONObjectReader.Keys(
        names: ["min", "viewportPercent", "max"], noun: "a theme key", nullMeansAbsent: false)

    /// The page geometry `theme.json` declares (defaults when the theme has none), for `sizes`:
    /// `main`'s width and padding, and the photo page's height cap and details column.
    package func pageGeometry() -> (PageGeometry, [Diagnostic]) {
        guard let file = files["theme.json"] else { return (PageGeometry(), []) }
        let (read, diagnostics) = JSONObjectReader.read(
            file.bytes, path: file.displayPath, name: "theme.json", keys: Self.themeKeys
        ) { theme in
            var geometry = PageGeometry()
            theme.object("page", keys: Self.pageKeys) { page in
                if let value = page.number("maxWidth", in: 320...100_000) { geometry.maxWidth = value }
                page.object("padding", keys: Self.paddingKeys) { padding in
                    if let value = padding.number("min", in: 0...1000) { geometry.paddingMin = value }
                    if let value = padding.number("viewportPercent", in: 0...40) {
                        geometry.paddingViewportPercent = value
                    }
                    if let value = padding.number("max", in: 0...1000) { geometry.paddingMax = value }
                }
            }
            theme.object("photo", keys: Self.photoKeys) { photo in
                if let value = photo.number("maxHeight", in: 1...100) { geometry.photoMaxHeight = value }
                if let value = photo.number("chrome", in: 0...1000) { geometry.photoChrome = value }
                if let value = photo.bool("fullWidth") { geometry.photoFullWidth = value }
                photo.object("details", keys: Self.detailsKeys) { details in
                    if let value = details.number("minViewport", in: 0...100_000) {
                        geometry.detailsMinViewport = value
                    }
                    if let value = details.number("width", in: 0...10_000) { geometry.detailsWidth = value }
                    if let value = details.number("gap", in: 0...1000) { geometry.detailsGap = value }
                }
            }
            if geometry.paddingMax < geometry.paddingMin {
                theme.report(
                    "'page.padding.max' must not be less than 'page.padding.min'", at: nil, key: "page.padding.max")
                geometry.paddingMax = geometry.paddingMin
            }
            return geometry
        }
        return (read ?? PageGeometry(), diagnostics)
    }
}
