import AshlarTemplate

extension SiteRenderer {
    /// The jobs of every keyword and place page and of their indexes, except those whose
    /// signature `reusableAlbums` shows unchanged: they are kept as `.unchanged` files. Each
    /// page of a term and each kind's index has a signature of its own (see `TermSignature`), so
    /// a change to one photo renders again only the pages that show it, and the index when a
    /// name or a count changed.
    func termJobs(digests: PhotoDigests) -> (jobs: [PageJob], unchanged: [OutputFile], signatures: [String: String]) {
        var jobs: [PageJob] = []
        var unchanged: [OutputFile] = []
        var signatures: [String: String] = [:]
        for index in terms.indexes {
            let indexSignature = TermSignature.of(index, site: siteFingerprint, hasFeed: hasFeed, rootTitle: rootTitle)
            signatures[index.kind.folder] = indexSignature
            if reusableAlbums[index.kind.folder] == indexSignature {
                unchanged.append(OutputFile(path: PageJob.termIndex(index).path, contents: .unchanged))
            } else {
                jobs.append(.termIndex(index))
            }
            for term in index.terms {
                let termFolder = term.folder(in: index.kind)
                let pagination = Pagination(photoCount: term.photos.count, pageSize: configuration.pageSize)
                // Every page but the first sees the others' links alike; made when a page needs them.
                var links: [[Encoded<PaginationNav.PageLink>]]?
                for page in 0..<pagination.pageCount {
                    let folder = Pagination.folder(ofPage: page, in: termFolder)
                    let signature = TermSignature.of(
                        term, kind: index.kind, page: page, range: pagination.range(ofPage: page),
                        site: siteFingerprint, hasFeed: hasFeed, rootTitle: rootTitle, published: published,
                        digests: digests)
                    signatures[folder] = signature
                    if reusableAlbums[folder] == signature {
                        unchanged.append(OutputFile(path: URLPath.indexFile(of: folder), contents: .unchanged))
                        continue
                    }
                    if links == nil, pagination.pageCount > 1 {
                        links = [0, 1].map {
                            pagination.links(in: termFolder, fromPage: $0, configuration: configuration)
                        }
                    }
                    jobs.append(.term(index.kind, term, page: page, pageLinks: links.map { $0[min(page, 1)] }))
                }
            }
        }
        return (jobs, unchanged, signatures)
    }

    func renderTermPage(_ job: PageJob) throws(TemplateError) -> OutputFile {
        let value: TemplateValue
        switch job {
        case .term(let kind, let term, let page, let pageLinks):
            value =
                TermPageModel(
                    kind: kind, term: term, page: page, rootTitle: rootTitle, configuration: configuration,
                    tileSizes: tileSizes, hasFeed: hasFeed, sharedPageLinks: pageLinks, published: published
                ).content.templateValue
        case .termIndex(let index):
            value =
                TermIndexPageModel(index: index, rootTitle: rootTitle, configuration: configuration, hasFeed: hasFeed)
                .content.templateValue
        case .page(let page):
            value = TextPageModel(page: page, configuration: configuration, hasFeed: hasFeed).content.templateValue
        case .album, .photo:
            return try render(job)
        }
        return OutputFile(path: job.path, contents: .bytes(try library.renderBytes(job.templateName, with: value)))
    }
}
