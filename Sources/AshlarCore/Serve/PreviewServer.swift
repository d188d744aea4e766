import AshlarImage
import Foundation
import Synchronization

/// `ashlar serve`: builds the site, serves the output folder, rebuilds when the source changes
/// and tells open pages to reload. While a build fails, pages show its errors instead.
package final class PreviewServer: Sendable {
    package let builder: SiteBuilder
    package let liveReload = LiveReload()
    private let files: SiteFiles
    private let sourceFiles: SiteFiles
    /// With `images: reference`, pages point back into the source folder (`../../nature/a.jpg`);
    /// the browser, unable to climb above the site's root, asks for `/nature/a.jpg`, or for
    /// `/PREFIX/nature/a.jpg` when the output is elsewhere. These are the PREFIX segments.
    private let sourcePrefix: [String]
    private let failure = Mutex<[Diagnostic]?>(nil)
    /// The source images the current build shows: the only ones served from the source folder.
    private let shownSourceImages = Mutex<Set<String>?>(nil)
    /// The host names requests may name in `Host`, or nil for any. A server on a loopback
    /// address answers only to loopback names: a web page the user visits cannot then reach it
    /// through a name of its own that resolves to 127.0.0.1 (DNS rebinding).
    package let allowedHosts: Set<String>?

    package init(builder: SiteBuilder, allowedHosts: Set<String>? = nil) {
        self.builder = builder
        self.allowedHosts = allowedHosts
        files = SiteFiles(root: builder.paths.output.path)
        sourceFiles = SiteFiles(root: builder.paths.source.path)
        sourcePrefix = builder.paths.sourceFromOutput.split(separator: "/").map(String.init).filter { $0 != ".." }
    }

    /// What one build did, for the terminal.
    package enum BuildOutcome: Sendable {
        case built(SiteBuilder.Result)
        case failed(BuildError)
    }

    /// Builds (incrementally, or from scratch with `clean`), records whether pages should show
    /// errors, and tells open pages to reload when anything changed.
    @discardableResult
    package func rebuild(clean: Bool = false, renditions: RenditionScope = .all) -> BuildOutcome {
        let outcome: BuildOutcome
        var builder = self.builder
        builder.options.clean = clean
        builder.options.renditions = renditions
        do {
            let result = try builder.build()
            outcome = .built(result)
            remember(shownSourceImages: result.shownSourceImages)
            let failed = result.errorCount > 0 ? result.diagnostics : nil
            let changed = failure.withLock { previous in
                defer { previous = failed }
                return previous != failed
            }
            if changed || !result.upToDate { liveReload.announce() }
        } catch {
            outcome = .failed(error)
            failure.withLock { $0 = [Diagnostic.error(error.message, path: error.path)] }
            liveReload.announce()
        }
        return outcome
    }

    /// Keeps the images a build shows. A skipped build (nothing changed since the last `ashlar
    /// build`) reports none: the first time, they are read from the catalog instead.
    private func remember(shownSourceImages images: Set<String>?) {
        if let images {
            shownSourceImages.withLock { $0 = images }
        } else if shownSourceImages.withLock({ $0 == nil }) {
            let images = (try? builder.readCatalog().root.shownSourceImages) ?? []
            shownSourceImages.withLock { $0 = $0 ?? images }
        }
    }

    /// Rebuilds after every change `watcher` reports, calling `report` after each build. Never
    /// returns.
    package func watch(with watcher: any SourceWatcher, report: @Sendable (BuildOutcome) -> Void) -> Never {
        while true {
            watcher.waitForChange()
            report(rebuild())
        }
    }

    /// The names a server listening on `address` answers to: loopback names for a loopback
    /// address, nil (any name) for others, which other machines reach by names of their own.
    package static func allowedHosts(listeningOn address: String) -> Set<String>? {
        let loopback: Set<String> = ["localhost", "127.0.0.1", "::1"]
        let name = address.lowercased()
        guard loopback.contains(name) || name.hasPrefix("127.") || name.hasSuffix(".localhost") else { return nil }
        return loopback.union([name])
    }

    /// The host name of a `Host` field, lowercased and without its port: `localhost:8000` →
    /// `localhost`, `[::1]:8000` → `::1`.
    static func hostName(_ field: String) -> String {
        let value = field.trimmingCharacters(in: .whitespaces).lowercased()
        if value.hasPrefix("["), let end = value.firstIndex(of: "]") {
            return String(value[value.index(after: value.startIndex)..<end])
        }
        return String(value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// Answers one GET or HEAD request.
    package func respond(to request: HTTPRequestHead) -> HTTPResponse {
        if let allowedHosts, let field = request.header("host") {
            let name = Self.hostName(field)
            if !allowedHosts.contains(name), !name.hasSuffix(".localhost") {
                return HTTPResponse.html(
                    .forbidden,
                    ErrorPage.message(
                        .forbidden,
                        "This preview answers only to localhost, not to \u{201C}\(field.prefix(200))\u{201D}; open it at localhost instead."
                    ))
            }
        }
        let path: RequestPath
        switch RequestPath.decode(request.target) {
        case .success(let decoded): path = decoded
        case .failure(let refusal):
            if refusal.status == .notFound { return notFound(request.target) }
            return HTTPResponse.html(refusal.status, ErrorPage.message(refusal.status, refusal.reason))
        }
        if "/" + path.relativePath == LiveReload.eventsPath {
            return liveReload.response()
        }
        let generation = liveReload.generation
        var resolution = files.resolve(path)
        if resolution == .notFound, let image = referencedImage(path) { resolution = image }
        if let diagnostics = failure.withLock({ $0 }), isPage(resolution) {
            let page = LiveReload.inject(into: Array(ErrorPage.buildFailed(diagnostics).utf8), generation: generation)
            return HTTPResponse(
                status: .internalServerError,
                headers: [("Content-Type", ContentType.forPath("x.html")), ("Cache-Control", "no-store")],
                body: .bytes(page))
        }
        switch resolution {
        case .notFound:
            return notFound(request.target)
        case .redirect(let location):
            return HTTPResponse.html(
                .movedPermanently, ErrorPage.message(.movedPermanently, "Moved to \(location)"),
                extraHeaders: [("Location", location)])
        case .file(let file, let size, let modified):
            let type = ContentType.forPath(file)
            if type.hasPrefix("text/html") {
                guard let bytes = try? RawFile.read(file, upTo: 64 << 20).get().bytes else {
                    return notFound(request.target)
                }
                return HTTPResponse(
                    status: .ok, headers: [("Content-Type", type), ("Cache-Control", "no-store")],
                    body: .bytes(LiveReload.inject(into: bytes, generation: generation)))
            }
            let tag = "\"\(String(size, radix: 16))-\(String(modified, radix: 16))\""
            var headers = [
                ("Content-Type", type), ("Cache-Control", "no-cache"), ("ETag", tag),
                ("X-Content-Type-Options", "nosniff"),
            ]
            if request.header("if-none-match")?.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == tag
            }) == true {
                headers.removeFirst()
                return HTTPResponse(status: .notModified, headers: headers, body: .bytes([]))
            }
            return HTTPResponse(status: .ok, headers: headers, body: .file(path: file, size: size))
        }
    }

    /// An image of the source folder that pages reference in place (`images: reference`), when
    /// the current build shows it: hidden photos and albums stay private.
    private func referencedImage(_ path: RequestPath) -> SiteFiles.Resolution? {
        guard path.segments.count > sourcePrefix.count, Array(path.segments.prefix(sourcePrefix.count)) == sourcePrefix,
            let name = path.segments.last, let dot = name.lastIndex(of: "."),
            ImageFormat.allFileExtensions.contains(name[name.index(after: dot)...].lowercased())
        else { return nil }
        let inSource = RequestPath(
            segments: Array(path.segments.dropFirst(sourcePrefix.count)), trailingSlash: path.trailingSlash)
        guard shownSourceImages.withLock({ $0?.contains(inSource.relativePath) ?? false }) else { return nil }
        let resolution = sourceFiles.resolve(inSource)
        return resolution == .notFound ? nil : resolution
    }

    /// Whether a request is for a page (so that it shows the build's errors), not an asset.
    private func isPage(_ resolution: SiteFiles.Resolution) -> Bool {
        switch resolution {
        case .file(let file, _, _): ContentType.forPath(file).hasPrefix("text/html")
        case .notFound, .redirect: true
        }
    }

    /// The site's own `404.html` when it has one, else a plain page; both reload after a build.
    private func notFound(_ target: String) -> HTTPResponse {
        let custom = files.resolve(RequestPath(segments: ["404.html"], trailingSlash: false))
        var page = Array(ErrorPage.notFound(target).utf8)
        if case .file(let file, _, _) = custom, let bytes = try? RawFile.read(file, upTo: 64 << 20).get().bytes {
            page = bytes
        }
        return HTTPResponse(
            status: .notFound,
            headers: [("Content-Type", ContentType.forPath("x.html")), ("Cache-Control", "no-store")],
            body: .bytes(LiveReload.inject(into: page, generation: liveReload.generation)))
    }
}
