/// Every album page's placements at every breakpoint, as JSON, for diffing layouts between
/// builds (`ashlar build --layout-manifest FILE`). Lengths are fractions of the gallery width.
struct LayoutReport {
    var configuration: SiteConfiguration
    var root: Album

    var json: String {
        var pages: [JSONText.Value] = []
        for (album, _) in SiteRenderer.albumsWithAncestors(root) {
            let pagination = Pagination(photoCount: album.photos.count, pageSize: configuration.pageSize)
            for page in 0..<pagination.pageCount {
                let photos = Array(album.photos[pagination.range(ofPage: page)])
                let layouts = MasonryLayout.place(
                    aspectRatios: photos.map(\.aspectRatio), at: configuration.layout.breakpoints,
                    gap: configuration.layout.gap)
                let breakpoints: [JSONText.Value] = layouts.map { layout in
                    .object([
                        ("minWidth", .number(layout.breakpoint.minWidth)),
                        ("columns", .number(Double(layout.breakpoint.columns))),
                        ("height", .number(layout.height)),
                        (
                            "tiles",
                            .array(
                                photos.indices.map { index in
                                    .object([
                                        ("id", .string(photos[index].slug)),
                                        ("column", .number(Double(layout.columns[index]))),
                                        ("top", .number(layout.tops[index])),
                                    ])
                                })
                        ),
                    ])
                }
                pages.append(
                    .object([
                        ("page", .string(URLPath.indexFile(of: Pagination.folder(ofPage: page, in: album.outputPath)))),
                        ("breakpoints", .array(breakpoints)),
                    ]))
            }
        }
        return JSONText.serialize(.object([("gap", .number(configuration.layout.gap)), ("pages", .array(pages))]))
            + "\n"
    }
}
