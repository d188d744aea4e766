import AshlarTemplate

extension SiteRenderer {
    /// The jobs of every keyword and place page and of their indexes. They are rendered on every
    /// build, never reused: a photo anywhere in the site can change them.
    func termJobs() -> [PageJob] {
        var jobs: [PageJob] = []
        for index in terms.indexes {
            jobs.append(.termIndex(index))
            for term in index.terms {
                let pagination = Pagination(photoCount: term.photos.count, pageSize: configuration.pageSize)
                // Every page but the first sees the others' links alike.
                let links =
                    pagination.pageCount > 1
                    ? [0, 1].map {
                        pagination.links(in: term.folder(in: index.kind), fromPage: $0, configuration: configuration)
                    } : []
                for page in 0..<pagination.pageCount {
                    jobs.append(
                        .term(index.kind, term, page: page, pageLinks: links.isEmpty ? nil : links[min(page, 1)]))
                }
            }
        }
        return jobs
    }

    func renderTermPage(_ job: PageJob) throws(TemplateError) -> OutputFile {
        let value: TemplateValue
        switch job {
        case .term(let kind, let term, let page, let pageLinks):
            value =
                TermPageModel(
                    kind: kind, term: term, page: page, rootTitle: rootTitle, configuration: configuration,
                    tileSizes: tileSizes, hasFeed: hasFeed, sharedPageLinks: pageLinks
                ).value
        case .termIndex(let index):
            value =
                TermIndexPageModel(index: index, rootTitle: rootTitle, configuration: configuration, hasFeed: hasFeed)
                .value
        case .album, .photo:
            return try render(job)
        }
        return OutputFile(path: job.path, contents: .bytes(try library.renderBytes(job.templateName, with: value)))
    }
}
