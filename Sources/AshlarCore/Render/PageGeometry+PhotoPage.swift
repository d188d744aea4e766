extension PageGeometry {
    /// The `sizes` attribute of a photo page's photo: at each viewport range, the width it is
    /// shown at, the smaller of the page's content width (less the details column beside it on
    /// wide screens) and the width its height cap allows (`photoMaxHeight` vh × width ÷ height).
    /// `aspectRatio` is the photo's width over its height; nil or not positive: no height cap.
    package func photoSizes(aspectRatio: Double?) -> String {
        var thresholds = Set(segmentStarts)
        if detailsMinViewport > 0 { thresholds.insert(detailsMinViewport) }
        var heightCap: String?
        if let aspectRatio, aspectRatio.isFinite, aspectRatio > 0, photoMaxHeight > 0 {
            heightCap = CSSNumber.format(photoMaxHeight * aspectRatio, digits: 4) + "vh"
        }
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
}
