import Foundation

extension BuildRun {
    mutating func readConfiguration() throws(BuildError) {
        progress?("reading the configuration and templates")
        let inputs = try SiteInputs.load(
            paths: builder.paths, configurationFile: builder.configurationFile, baseURL: builder.options.baseURL)
        self.inputs = inputs
        // A broken configuration builds nothing, so it must not remove the site either.
        if builder.options.clean, scope.writesSite, inputs.configuration != nil, let manifest = previous {
            output?.clean(manifest)
            previous = nil
        }
    }

    mutating func scan() {
        progress?("scanning the source folder")
        let source = ScannedSource.scan(
            paths: builder.paths, workers: builder.options.jobs,
            excluding: inputs?.configuration?.icon.map { [$0] } ?? [])
        self.source = source
        guard scope.writesSite, let inputs, let output else { return }
        // What the build reports depends on the options that add warnings, so they count too.
        fingerprint = source.fingerprint(
            siteFingerprint: inputs.siteFingerprint,
            reportsMetadataConflicts: builder.options.reportMetadataConflicts)
        // What the last build wrote can be kept only if it is all still there.
        previousIntact = previous.map(output.isIntact) ?? false
        if let previous, previousIntact, previous.inputs == fingerprint, !builder.options.layoutManifest {
            ending = .upToDate
        }
    }

    mutating func read() {
        guard let inputs, let source else { return }
        let configuration: SiteConfiguration
        if let read = inputs.configuration {
            configuration = read
        } else if scope == .catalog {
            configuration = SiteConfiguration()
        } else {
            // A broken configuration stops the build: building with defaults would publish a
            // site the author did not ask for.
            ending = .brokenConfiguration
            return
        }
        progress?("reading photos")
        catalog = builder.buildCatalog(source, configuration: configuration, inputs: inputs)
    }

    mutating func makeRenditions() {
        guard let inputs, let configuration = inputs.configuration, let catalog else { return }
        renditions = builder.makeRenditions(
            catalog, configuration: configuration, inputs: inputs, scope: scope.renditions, progress: progress)
    }

    mutating func render() {
        guard let inputs, let configuration = inputs.configuration, let catalog else { return }
        progress?("rendering pages")
        let published = renditions?.published ?? PublishedImages()
        guard scope.writesSite, let output else {
            // Only the pages' paths are kept: a check writes nothing and needs no page in memory.
            pages = builder.render(
                catalog, published: published, configuration: configuration, inputs: inputs, reusable: nil,
                pageHandler: { OutputFile(path: $0.path, contents: .bytes([])) })
            return
        }
        var writer = OutputWriter(paths: builder.paths, directory: output.directory, previous: previous)
        writer.linkImages = configuration.images == .copy
        writer.previousIsIntact = previousIntact
        writer.workers = builder.options.jobs
        // Pages go to disk under temporary names as they are rendered; they are renamed into
        // place with everything else, or removed if the build fails.
        let stager = OutputStager(
            paths: builder.paths, directory: output.directory, linkImages: writer.linkImages,
            cache: renditions?.cache)
        pages = builder.render(
            catalog, published: published, configuration: configuration, inputs: inputs,
            reusable: previousIntact ? previous : nil,
            pageHandler: { [writer] page in writer.stream(page, into: stager) })
        self.writer = writer
        self.stager = stager
    }

    mutating func write() throws(BuildError) {
        guard let writer, let stager, let pages, let output, let result = result else { return }
        progress?("writing the site")
        let (summary, entries) = try writer.write(pages.files, stager: stager)
        let deferred = renditions?.report.deferred ?? 0
        try output.commit(
            result.manifest(
                files: entries, fingerprint: deferred > 0 ? "" : fingerprint, albums: pages.albumSignatures))
        written = (summary, entries)
        // Only after the site is in place: a failed build leaves the cache as it was.
        if let renditions, result.errorCount == 0 { _ = renditions.cache.prune(keeping: renditions.report.used) }
    }

    /// What the stages found, in stage order; nil before the render stage has run.
    var result: SiteBuilder.Result? {
        guard let inputs, let source, let catalog, let pages else { return nil }
        var result = SiteBuilder.Result(
            inputs: inputs, source: source, catalog: catalog, renditions: renditions?.report,
            leftOutByRenditions: renditions?.published.leftOut.count ?? 0, pages: pages)
        result.shownSourceImages = catalog.root.shownSourceImages
        return result
    }
}
