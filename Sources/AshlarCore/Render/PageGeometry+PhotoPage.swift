extension PageGeometry {
    /// The `sizes` attribute of a photo page's photo: at each viewport range, the width it is
    /// shown at, the smaller of the width it may take (the viewport's when `photoFullWidth`, else
    /// the page's content width, less the details column beside it on wide screens) and the
    /// width its height cap allows ((`photoMaxHeight` vh − `photoChrome` px) × width ÷ height).
    /// `aspectRatio` is the photo's width over its height; nil or not positive: no height cap.
    package func photoSizes(aspectRatio: Double?) -> String {
        var heightCap: String?
        if let aspectRatio, aspectRatio.isFinite, aspectRatio > 0, photoMaxHeight > 0 {
            heightCap = Self.length(vw: 0, vh: photoMaxHeight * aspectRatio, px: -photoChrome * aspectRatio)
        }
        if photoFullWidth { return heightCap.map { "min(100vw, \($0))" } ?? "100vw" }
        var thresholds = Set(segmentStarts)
        if detailsMinViewport > 0 { thresholds.insert(detailsMinViewport) }
        var entries: [String] = []
        for start in thresholds.sorted(by: >) {
            var form = linearForm(from: start)
            if detailsMinViewport > 0, start >= detailsMinViewport { form.px -= detailsWidth + detailsGap }
            let width = Self.length(vw: form.vw, px: form.px)
            let value = heightCap.map { "min(\(width), \($0))" } ?? width
            if start <= 0 {
                entries.append(value)
            } else {
                entries.append("(min-width: \(CSSNumber.format(start, digits: 2))px) \(value)")
            }
        }
        return entries.joined(separator: ", ")
    }

    /// A CSS length of a `vw` or a `vh` part and a `px` part (`calc()` when both are there).
    static func length(vw: Double, vh: Double, px: Double) -> String {
        if vh == 0 { return length(vw: vw, px: px) }
        let viewport = CSSNumber.format(vh, digits: 4) + "vh"
        if px == 0 { return viewport }
        let sign = px < 0 ? "-" : "+"
        return "calc(\(viewport) \(sign) \(CSSNumber.format(abs(px), digits: 2))px)"
    }
}
