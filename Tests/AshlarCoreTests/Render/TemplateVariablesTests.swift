import AshlarImage
import AshlarTemplate
import Foundation
import Testing

@testable import AshlarCore

/// Templates/README.md documents the variables the pages' models give the templates. Its tables
/// are generated from the models' declarations (`TemplateModelDocs`): a key is a stored property
/// of a model in `Render/Models/`, its meaning the property's doc comment. The models of a site
/// that shows everything (a feed and sharing tags, places, pagination, renditions, an original,
/// videos with and without a poster) check that each model gives the templates exactly its
/// properties, under their names.
@Suite struct TemplateVariablesTests {
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
        renderer.configuration.hasIcons = true
        renderer.pageSources = [
            PageSource(fileName: "about.md", displayPath: "pages/about.md", bytes: Array("# About\n\nText.\n".utf8))
        ]
        _ = renderer.readPages(root: root)
        return (renderer, root)
    }

    /// Every page model of the rich site.
    static func pages() -> [any TemplateValueConvertible] {
        let (renderer, root) = richSite()
        let configuration = renderer.configuration
        var pages: [any TemplateValueConvertible] = []
        for (album, ancestors) in SiteRenderer.albumsWithAncestors(root) {
            for page in 0..<Pagination(photoCount: album.photos.count, pageSize: 1).pageCount {
                pages.append(
                    AlbumPageModel(
                        album: album, ancestors: ancestors, page: page, configuration: configuration,
                        tileSizes: renderer.tileSizes, hasFeed: true, published: renderer.published
                    ).content)
            }
            for index in album.photos.indices {
                pages.append(
                    PhotoPageModel(
                        album: album, ancestors: ancestors, index: index, configuration: configuration, hasFeed: true,
                        terms: renderer.terms, published: renderer.published
                    ).content)
            }
        }
        for index in renderer.terms.indexes {
            pages.append(
                TermIndexPageModel(index: index, rootTitle: "Root", configuration: configuration, hasFeed: true).content
            )
            for term in index.terms {
                for page in 0..<Pagination(photoCount: term.photos.count, pageSize: 1).pageCount {
                    pages.append(
                        TermPageModel(
                            kind: index.kind, term: term, page: page, rootTitle: "Root", configuration: configuration,
                            tileSizes: renderer.tileSizes, hasFeed: true, published: renderer.published
                        ).content)
                }
            }
        }
        for page in renderer.pages {
            pages.append(TextPageModel(page: page, configuration: configuration, hasFeed: true).content)
        }
        pages.append(renderer.stylesheetData)
        return pages
    }

    @Test func readmeTablesAreTheModelsDeclarations() throws {
        let docs = try TemplateModelDocs()
        if ProcessInfo.processInfo.environment["ASHLAR_UPDATE_README"] == "1" { try docs.writeReadme() }
        let tables = try #require(try TemplateModelDocs.readmeTables(), "Templates/README.md has no generated tables")
        #expect(
            tables == docs.markdown,
            "Templates/README.md's variable tables are stale: run ASHLAR_UPDATE_README=1 swift test --filter TemplateVariablesTests"
        )
    }

    @Test func everyKeyHasADescriptionAndAKnownType() throws {
        let docs = try TemplateModelDocs()
        #expect(docs.problems == [])
        #expect(Set(docs.ordered.map(\.name)) == Set(docs.models.keys), "a model no page holds")
        let plain: Set = ["String", "Int", "Double", "Bool"]
        for model in docs.models.values {
            #expect(!model.doc.isEmpty, "\(model.name) has no doc comment")
            for field in model.fields {
                let name = TemplateModelDocs.baseName(field.type).name
                #expect(
                    plain.contains(name) || docs.models[name] != nil, "\(model.name).\(field.name): '\(field.type)'")
            }
        }
    }

    /// Whether `value` (an `Optional` seen as `Any`) is nil.
    static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    /// Checks that `value` and the models inside it encode exactly their set properties, under
    /// the names the README documents; records which optional keys were set.
    static func check(_ value: Any, docs: TemplateModelDocs, set: inout [String: Set<String>]) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional || mirror.displayStyle == .collection {
            for child in mirror.children { check(child.value, docs: docs, set: &set) }
            return
        }
        guard let model = value as? any TemplateValueConvertible else { return }
        let typeName = String(describing: type(of: value))
        let name = TemplateModelDocs.baseName(
            typeName.replacingOccurrences(of: "Array<", with: "[")
                .replacingOccurrences(of: ">>", with: "]>")
        ).name
        guard let documented = docs.models[name] else { return }
        let encoded = model.templateValue
        if typeName.hasPrefix("Encoded<") || typeName == "ThemeWords" {
            // Encoded once: its model is gone, its keys are left to check.
            let items: [TemplateValue]
            if case .array(let array) = encoded { items = array } else { items = [encoded] }
            for item in items {
                guard case .object(let members) = item else {
                    Issue.record("\(typeName) is not an object")
                    continue
                }
                let keys = Set(members.keys)
                #expect(keys.isSubset(of: documented.fields.map(\.name)), "\(typeName): \(keys.sorted())")
                #expect(
                    Set(documented.fields.filter { !$0.isOptional }.map(\.name)).isSubset(of: keys),
                    "\(typeName): \(keys.sorted())")
                set[name, default: []].formUnion(keys)
            }
            return
        }
        let properties = mirror.children.compactMap { child in child.label.map { ($0, child.value) } }
        #expect(properties.map(\.0) == documented.fields.map(\.name), "\(name): the parser read other properties")
        let present = Set(properties.filter { !isNil($0.1) }.map(\.0))
        guard case .object(let members) = encoded else {
            Issue.record("\(name) is not encoded as an object")
            return
        }
        #expect(Set(members.keys) == present, "\(name) encodes \(members.keys.sorted()), has \(present.sorted())")
        set[name, default: []].formUnion(present)
        for (_, child) in properties { check(child, docs: docs, set: &set) }
    }

    @Test func modelsEncodeExactlyTheirProperties() throws {
        let docs = try TemplateModelDocs()
        var set: [String: Set<String>] = [:]
        for page in Self.pages() { Self.check(page, docs: docs, set: &set) }
        // Every model and each of its optional keys, seen set at least once.
        for model in docs.models.values {
            #expect(
                set[model.name] == Set(model.fields.map(\.name)),
                "\(model.name): the rich site never sets \(Set(model.fields.map(\.name)).subtracting(set[model.name] ?? []).sorted())"
            )
        }
    }
}
