extension PhotoDetails {
    /// The details of `photo`, the album's photo at 1-based `position` of `total`, on its page
    /// in `context`; `terms` are the site's keyword and place pages its tags and place link to.
    init(
        photo: Photo, position: Int, of total: Int, context: PageContext, geometry: PageGeometry, showPlace: Bool,
        terms: TermPages?
    ) {
        let metadata = photo.metadata
        title = PageContext.title(of: photo, position: position, of: total, words: context.words)
        alt = PageContext.alt(of: photo, position: position, of: total, words: context.words)
        src = context.source(of: photo)
        width = photo.width
        height = photo.height
        if let srcset = context.srcset(of: photo) {
            self.srcset = srcset
            let ratio = photo.height > 0 ? Double(photo.width) / Double(photo.height) : nil
            sizes = geometry.photoSizes(aspectRatio: ratio)
        }
        placeholder = context.placeholder(of: photo)?.css
        ratio = photo.height > 0 ? CSSNumber.format(Double(photo.width) / Double(photo.height), digits: 6) : "1"
        if let video = Video(photo: photo, context: context) {
            isVideo = true
            self.video = video
        } else {
            full = FullSize(photo: photo, context: context)
        }
        original = context.original(of: photo).map { context.url(of: $0) }
        caption = metadata.caption
        longDescription = metadata.longDescription
        creator = metadata.creator
        rights = metadata.rights
        license = metadata.license
        place = showPlace ? PhotoPageModel.place(metadata) : nil
        date = metadata.date.map { date in
            DateText(iso: date.iso8601, text: context.configuration.dateStyle.text(date))
        }
        tags = metadata.tags ?? []
        hasTags = !tags.isEmpty
        let tagPages = terms?.index(.tags)
        tagLinks = tags.map { tag in
            TagLink(name: tag, url: tagPages?.folder(of: tag).map { context.link(toFolder: $0) })
        }
        if let place, let folder = terms?.index(.places)?.folder(of: place) {
            placeURL = context.link(toFolder: folder)
        }
        camera = PhotoPageModel.cameraDetails(metadata, words: context.words).map {
            CameraDetail(label: $0.0, value: $0.1)
        }
        hasCamera = !camera.isEmpty
    }
}

extension PhotoDetails.Video {
    /// The video of `photo`, the file to play and its poster (the photo's `src`, when it has
    /// one); nil for a photo.
    init?(photo: Photo, context: PageContext) {
        guard let video = photo.video else { return nil }
        src = context.url(of: video.location)
        type = video.typeAttribute
        fileName = photo.imageFileName
        poster = photo.hasImage ? context.source(of: photo) : nil
        duration = video.durationText
    }
}

extension PhotoDetails.FullSize {
    /// The largest image the page can show of `photo`, with its size.
    init(photo: Photo, context: PageContext) {
        width = context.imageWidth(of: photo) ?? photo.width
        // A rendition keeps the photo's shape; round its height the way the renditions are made.
        height =
            width == photo.width || photo.width <= 0
            ? photo.height : max(1, Int((Double(photo.height) * Double(width) / Double(photo.width)).rounded()))
        url = context.source(of: photo)
    }
}
