extension Theme {
    /// The page geometry `theme.json` declares (defaults when the theme has none), for `sizes`.
    public func pageGeometry() -> (PageGeometry, [Diagnostic]) {
        var geometry = PageGeometry()
        guard let file = files["theme.json"] else { return (geometry, []) }
        let path = file.displayPath
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: file.bytes)
        } catch {
            return (geometry, [.error(error.reason, path: path, at: SourceLocation(offset: error.offset, in: file.bytes))])
        }
        var diagnostics: [Diagnostic] = []
        func number(_ value: JSONValue?, _ key: String, range: ClosedRange<Double>) -> Double? {
            guard let value else { return nil }
            guard let number = value.numberValue, range.contains(number) else {
                diagnostics.append(.error("'\(key)' must be a number from \(CSSNumber.format(range.lowerBound)) to \(CSSNumber.format(range.upperBound))", path: path, at: document.location(of: value.offset), key: key))
                return nil
            }
            return number
        }
        let page = document.root["page"]
        if let maxWidth = number(page?["maxWidth"], "page.maxWidth", range: 320...100_000) { geometry.maxWidth = maxWidth }
        let padding = page?["padding"]
        if let value = number(padding?["min"], "page.padding.min", range: 0...1000) { geometry.paddingMin = value }
        if let value = number(padding?["viewportPercent"], "page.padding.viewportPercent", range: 0...40) { geometry.paddingViewportPercent = value }
        if let value = number(padding?["max"], "page.padding.max", range: 0...1000) { geometry.paddingMax = value }
        if geometry.paddingMax < geometry.paddingMin {
            diagnostics.append(.error("'page.padding.max' must not be less than 'page.padding.min'", path: path, key: "page.padding.max"))
            geometry.paddingMax = geometry.paddingMin
        }
        return (geometry, diagnostics)
    }
}
