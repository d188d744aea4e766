extension Photo {
    /// The photo as the site publishes it with these renditions: its `image` becomes the widest
    /// rendition, the narrower ones its `srcset`, and `generated` keeps the files to publish, the
    /// sharing preview and the published original (the source's own image is published only
    /// through that, without its location).
    func publishing(_ published: PublishedRenditions) -> Photo {
        var photo = self
        var renditions = published.renditions
        guard let largest = renditions.popLast() else { return self }
        photo.image = largest.image
        photo.imageWidth = published.largestWidth
        photo.renditions = renditions
        photo.generated = published.generated
        photo.placeholder = published.placeholder
        return photo
    }
}
