import AshlarTemplate

extension PhotoPageModel {
    /// `tagLinks` (each tag's `name`, and the `url` of its keyword page when the site has them)
    /// and `placeURL` (the place's page), added to the photo's template data.
    func addTermLinks(to photo: inout [String: TemplateValue], context: PageContext) {
        let tagPages = terms?.index(.tags)
        photo["tagLinks"] = .array(
            (self.photo.metadata.tags ?? []).map { tag in
                var link: [String: TemplateValue] = ["name": .string(tag)]
                if let folder = tagPages?.folder(of: tag) { link["url"] = .string(context.link(toFolder: folder)) }
                return .object(link)
            })
        if case .string(let place) = photo["place"], let folder = terms?.index(.places)?.folder(of: place) {
            photo["placeURL"] = .string(context.link(toFolder: folder))
        }
    }
}
