/// Canonical links, OpenGraph and Twitter card tags and JSON-LD for a page, when the site has a
/// `baseURL` (sharing needs absolute URLs).
struct SharingModel {
    var baseURL: String
    var configuration: SiteConfiguration
    /// What the rendition stage published for each item, beside the catalog.
    var published = PublishedImages()

    /// The published URL of a folder's page: `https://example.com/photos/nature/`.
    func pageURL(_ folder: String) -> String {
        folder.isEmpty ? baseURL : baseURL + URLPath.encodePath(folder) + "/"
    }

    /// The published URL of an item's image as published; for a video without a poster, the
    /// video's.
    func imageURL(_ photo: Photo) -> String {
        if let shown = published.shown(photo) { return url(of: shown.image) }
        return photo.video.map { url(of: $0.location) } ?? ""
    }

    /// The image sharing previews and JSON-LD show, with its real size: the generated rendition
    /// about 1,200 px wide, else the photo's own image.
    func sharedImage(_ photo: Photo) -> (url: String, width: Int, height: Int) {
        if let sharing = published.shown(photo)?.generated?.sharing, case .output(let path) = sharing.image {
            return (baseURL + URLPath.encodePath(path), sharing.width, sharing.height)
        }
        return (imageURL(photo), photo.width, photo.height)
    }

    /// The published URL of a file the site publishes or points at.
    func url(of location: ImageLocation) -> String {
        switch location {
        case .output(let path), .referenced(let path): baseURL + URLPath.encodePath(path)
        case .remote(let url): url
        }
    }

    /// JSON-LD for a photo (`ImageObject`) or a video (`VideoObject`, its poster the thumbnail).
    func imageObject(_ photo: Photo, name: String, alt: String, page: String?) -> JSONText.Value {
        var members: [(String, JSONText.Value)]
        if let video = photo.video {
            members = [
                ("@type", .string("VideoObject")),
                ("contentUrl", .string(url(of: video.location))),
                ("encodingFormat", .string(video.mimeType)),
                ("name", .string(name)),
                ("width", .number(Double(photo.width))),
                ("height", .number(Double(photo.height))),
            ]
            if photo.hasImage { members.append(("thumbnailUrl", .string(sharedImage(photo).url))) }
            if let duration = video.duration, duration.isFinite, duration >= 0, duration < 1e7 {
                members.append(("duration", .string("PT\(Int(duration.rounded()))S")))
            }
        } else {
            let image = sharedImage(photo)
            members = [
                ("@type", .string("ImageObject")),
                ("contentUrl", .string(image.url)),
                ("name", .string(name)),
                ("width", .number(Double(image.width))),
                ("height", .number(Double(image.height))),
            ]
        }
        if let page { members.append(("url", .string(page))) }
        if let caption = photo.metadata.caption { members.append(("caption", .string(caption))) }
        members.append(("description", .string(alt)))
        if let date = photo.metadata.date { members.append(("dateCreated", .string(date.iso8601))) }
        if let tags = photo.metadata.tags, !tags.isEmpty {
            members.append(("keywords", .string(tags.joined(separator: ", "))))
        }
        // The photo's own credits win over the site's.
        if let creator = photo.metadata.creator ?? configuration.author {
            members.append(("creator", .object([("@type", .string("Person")), ("name", .string(creator))])))
        }
        if let rights = photo.metadata.rights ?? configuration.copyright {
            members.append(("copyrightNotice", .string(rights)))
        }
        if let license = photo.metadata.license { members.append(("license", .string(license))) }
        return .object(members)
    }

    /// The `meta` object the base template turns into tags.
    func meta(
        title: String, description: String?, type: String, folder: String, image: Photo?, imageAlt: String?,
        jsonLD: JSONText.Value
    ) -> ShareTags {
        var shareImage: ShareTags.ShareImage?
        // A video without a poster has no image to show in a preview.
        if let photo = image, photo.hasImage {
            let image = sharedImage(photo)
            shareImage = .init(url: image.url, width: image.width, height: image.height, alt: imageAlt ?? title)
        }
        return ShareTags(
            canonical: pageURL(folder), title: title, type: type, description: description, image: shareImage,
            jsonLD: JSONText.serialize(jsonLD))
    }
}
