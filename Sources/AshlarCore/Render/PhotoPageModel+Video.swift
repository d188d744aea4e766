import AshlarTemplate

extension PhotoPageModel {
    /// A video page's `photo.video`: the file to play and its `<source type>`, the poster (the
    /// photo's `src`, when it has one), the file name for the download link and the duration.
    static func videoValue(_ photo: Photo, context: PageContext) -> TemplateValue? {
        guard let video = photo.video else { return nil }
        var value: [String: TemplateValue] = [
            "src": .string(context.url(of: video.location)),
            "type": .string(video.typeAttribute),
            "fileName": .string(photo.imageFileName),
        ]
        if photo.hasImage { value["poster"] = .string(context.source(of: photo)) }
        if let duration = video.durationText { value["duration"] = .string(duration) }
        return .object(value)
    }
}
