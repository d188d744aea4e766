import AshlarTemplate

/// `gallery` (and `albumGallery`): the list of tiles as a whole.
struct GalleryList: TemplateValueConvertible {
    /// the list's heights per breakpoint, `--h1:…;--h2:…` (percent of the gallery width)
    var style: String
    /// accessible name of the list (`Photos in Nature`)
    var label: String

    var templateValue: TemplateValue {
        .object(["style": .string(style), "label": .string(label)])
    }
}
