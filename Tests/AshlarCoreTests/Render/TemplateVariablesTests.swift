import AshlarImage
import AshlarTemplate
import Foundation
import Testing

@testable import AshlarCore

/// Templates/README.md documents the variables the pages' models give the templates. A key a
/// model adds without a line there is invisible to theme authors; a line for a key no model
/// produces any more misleads them. The models are rendered for a site that shows everything
/// (a feed and sharing tags, places, pagination, renditions, an original, videos with and
/// without a poster), and their key paths are checked against the README's tables both ways.
@Suite struct TemplateVariablesTests {
    /// Where a key path is documented: a README section (by its heading or the sentence before
    /// its table) and which pages' models it covers.
    enum Page: String, CaseIterable, Sendable {
        case album, photo, term, termIndex, stylesheet
    }

    static func richSite() -> (SiteRenderer, Album) {
        var configuration = SiteConfiguration()
        configuration.baseURL = "https://example.com/"
        configuration.description = "About"
        configuration.author = "Author"
        configuration.copyright = "Copyright"
        configuration.showPlace = true
        configuration.pageSize = 1
        var metadata = PhotoMetadata()
        metadata.title = "Harbour"
        metadata.alt = "Boats"
        metadata.caption = "Caption"
        metadata.longDescription = "Long"
        metadata.creator = "Creator"
        metadata.rights = "Rights"
        metadata.license = "https://example.com/licence"
        metadata.city = "Brest"
        metadata.country = "France"
        metadata.date = PhotoDate(year: 2024, month: 6, day: 1)
        metadata.tags = ["sea"]
        metadata.make = "Make"
        metadata.model = "Model"
        metadata.iso = 100
        var photo = Photo(
            sourcePath: "a/p.jpg", image: .output("a/p.jpg"), primaryPath: "a/p.jpg", name: "p.jpg", slug: "p",
            metadata: metadata, width: 3000, height: 2000)
        photo.album = "a"
        var generated = GeneratedImages(files: [], original: .output("a/p-original.jpg"))
        generated.sharing = (.output("a/p@1200w.jpg"), 1200, 800)
        let renditions = PublishedRenditions(
            renditions: [
                PhotoRendition(image: .output("a/p@480w.jpg"), sourcePath: nil, width: 480),
                PhotoRendition(image: .output("a/p@3000w.jpg"), sourcePath: nil, width: 3000),
            ],
            largestWidth: 3000, generated: generated,
            placeholder: ColourPlaceholder(colours: [.init(red: 1, green: 2, blue: 3)]))
        var video = photo
        video.slug = "v"
        video.media = .video(
            Video(sourcePath: "a/v.mp4", location: .output("a/v.mp4"), mimeType: "video/mp4", duration: 42),
            poster: Still(sourcePath: "a/v.jpg", image: .output("a/v.jpg"), width: 3000, height: 2000, format: .jpeg))
        var bare = Photo(
            media: .video(
                Video(sourcePath: "a/w.mp4", location: .output("a/w.mp4"), mimeType: "video/mp4"), poster: nil),
            primaryPath: "a/w.mp4", name: "w.mp4", slug: "w", metadata: metadata, width: 30, height: 20)
        bare.album = "a"
        var rootPhoto = photo
        rootPhoto.album = ""
        let child = Album(
            sourcePath: "a", outputPath: "a", title: "A", description: "About A", photos: [photo, video, bare],
            cover: photo.id)
        let root = Album(
            sourcePath: "", outputPath: "", title: "Root", photos: [rootPhoto], albums: [child], cover: rootPhoto.id)
        let (library, _) = Theme.builtIn.library()
        var renderer = SiteRenderer(configuration: configuration, theme: .builtIn, library: library)
        renderer.hasFeed = true
        renderer.published = PublishedImages(items: [
            photo.id: .renditions(renditions), video.id: .renditions(renditions), rootPhoto.id: .renditions(renditions),
        ])
        renderer.terms = TermPages(root: root, configuration: configuration)
        renderer.rootTitle = root.title
        return (renderer, root)
    }

    /// Every model's value for the rich site, by page kind.
    static func values() -> [Page: [TemplateValue]] {
        let (renderer, root) = richSite()
        let configuration = renderer.configuration
        var values: [Page: [TemplateValue]] = [:]
        for (album, ancestors) in SiteRenderer.albumsWithAncestors(root) {
            for page in 0..<Pagination(photoCount: album.photos.count, pageSize: 1).pageCount {
                values[.album, default: []].append(
                    AlbumPageModel(
                        album: album, ancestors: ancestors, page: page, configuration: configuration,
                        tileSizes: renderer.tileSizes, hasFeed: true, published: renderer.published
                    ).value)
            }
            for index in album.photos.indices {
                values[.photo, default: []].append(
                    PhotoPageModel(
                        album: album, ancestors: ancestors, index: index, configuration: configuration, hasFeed: true,
                        terms: renderer.terms, published: renderer.published
                    ).value)
            }
        }
        for index in renderer.terms.indexes {
            values[.termIndex, default: []].append(
                TermIndexPageModel(index: index, rootTitle: "Root", configuration: configuration, hasFeed: true).value)
            for term in index.terms {
                for page in 0..<Pagination(photoCount: term.photos.count, pageSize: 1).pageCount {
                    values[.term, default: []].append(
                        TermPageModel(
                            kind: index.kind, term: term, page: page, rootTitle: "Root", configuration: configuration,
                            tileSizes: renderer.tileSizes, hasFeed: true, published: renderer.published
                        ).value)
                }
            }
        }
        values[.stylesheet] = [renderer.stylesheetData]
        return values
    }

    /// `a.b`, `a[].c` for every member of `value`, below `prefix`.
    static func keyPaths(_ value: TemplateValue, prefix: String = "", into paths: inout Set<String>) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                let path = prefix.isEmpty ? key : prefix + "." + key
                paths.insert(path)
                keyPaths(member, prefix: path, into: &paths)
            }
        case .array(let items):
            for item in items { keyPaths(item, prefix: prefix + "[]", into: &paths) }
        default: break
        }
    }

    /// One row of a README table: the key paths of its first column, the backticked words and
    /// `{…}` lists of its last (the keys of a documented object or list's items), the pages it
    /// is for.
    struct Row {
        var names: [String]
        var children: Set<String>
        var pages: Set<Page>
    }

    /// The README's variable tables. Each table is for the pages the heading or the sentence
    /// above it names; "Each tile" rows are below `tiles[]`.
    static func documented() throws -> [Row] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Templates/README.md"
        ).standardizedFileURL
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "## Variables") else { return [] }
        var rows: [Row] = []
        var pages: Set<Page> = []
        var prefix = ""
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            if !line.hasPrefix("|") {
                let heading = line.lowercased()
                if line.hasPrefix("### ") {
                    prefix = ""
                    if heading.contains("every page") {
                        pages = Set(Page.allCases)
                    } else if heading.contains("album pages") {
                        pages = [.album]
                    } else if heading.contains("photo pages") {
                        pages = [.photo]
                    } else if heading.contains("keyword") {
                        pages = [.term, .termIndex]
                    } else if heading.contains("stylesheet") {
                        pages = [.stylesheet]
                    }
                } else if heading.hasPrefix("each tile") {
                    // Album pages' tiles, and keyword and place pages' "as on album pages".
                    prefix = "tiles[]."
                    pages = [.album, .term]
                } else if heading.hasPrefix("`tag.mustache` also") {
                    pages = [.term]
                } else if heading.hasPrefix("`tags.mustache` also") {
                    pages = [.termIndex]
                }
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1].hasPrefix("`") else { continue }
            let names = cells[1].matches(of: /`([A-Za-z.]+)`/).map { prefix + String($0.1) }
            let meaning = cells[cells.count - 2]
            var children = Set(meaning.matches(of: /`([A-Za-z]+)`/).map { String($0.1) })
            for list in meaning.matches(of: /\{([A-Za-z, ]+)\}/) {
                for name in list.1.split(separator: ",") { children.insert(name.trimmingCharacters(in: .whitespaces)) }
            }
            rows.append(Row(names: names, children: children, pages: pages))
        }
        return rows
    }

    @Test func everyKeyAModelProducesIsDocumented() throws {
        let rows = try Self.documented()
        #expect(rows.count > 40, "the README's variable tables were not found")
        for (page, values) in Self.values() {
            var paths = Set<String>()
            for value in values { Self.keyPaths(value, into: &paths) }
            for path in paths.sorted() {
                // An object whose members have rows of their own (`site` of `site.title`).
                if rows.contains(where: { $0.pages.contains(page) && $0.names.contains { $0.hasPrefix(path + ".") } }) {
                    continue
                }
                // The row of the longest documented prefix; the rest must be keys its meaning
                // lists (or another page's row of the same name lists: "as on album pages").
                let components = path.replacingOccurrences(of: "[]", with: "").split(separator: ".").map(String.init)
                let documented = (1...components.count).reversed().lazy.compactMap { length -> Bool? in
                    var head = path.split(separator: ".").prefix(length).joined(separator: ".")
                    if head.hasSuffix("[]") { head.removeLast(2) }
                    guard rows.contains(where: { $0.pages.contains(page) && $0.names.contains(head) }) else {
                        return nil
                    }
                    let children = rows.filter { $0.names.contains(head) }.reduce(into: Set<String>()) {
                        $0.formUnion($1.children)
                    }
                    return components.dropFirst(length).allSatisfy(children.contains)
                }.first
                #expect(documented == true, "\(page): '\(path)' is not in Templates/README.md")
            }
        }
    }

    @Test func everyDocumentedKeyIsProduced() throws {
        let values = Self.values()
        for row in try Self.documented() {
            var paths = Set<String>()
            for page in row.pages {
                for value in values[page] ?? [] { Self.keyPaths(value, into: &paths) }
            }
            for name in row.names {
                #expect(paths.contains(name), "Templates/README.md documents '\(name)', which no model produces")
            }
        }
    }
}
