import Testing

@testable import AshlarTemplate

@Suite
struct TemplateLibraryTests {
    @Test
    func referencesListStaticPartialsAndParentsInOrder() throws {
        let source =
            "{{< layout}}\n{{$body}}\n  {{> tile}}{{>*dynamic}}\n{{/body}}\n{{/layout}}\n{{=<% %>=}}<%> footer%>"
        let template = try Template(source: source, path: "page")
        #expect(
            template.references == [
                TemplateReference(name: "layout", line: 1, column: 1, kind: .parent),
                TemplateReference(name: "tile", line: 3, column: 3, kind: .partial),
                TemplateReference(name: "footer", line: 6, column: 12, kind: .partial),
            ]
        )
    }

    @Test
    func missingReferencesNameTemplateAndPlace() throws {
        var library = try TemplateLibrary(sources: [
            "page": "{{> tile}}\n{{> nav}}\n  {{> footer}}",
            "tile": "{{< frame}}{{/frame}}",
        ])
        library["nav"] = try Template(source: "nav", path: "Templates/nav.mustache")
        let missing = library.missingReferences()
        #expect(missing.map(\.template) == ["page", "tile"])
        #expect(
            missing.map(\.reference) == [
                TemplateReference(name: "footer", line: 3, column: 3, kind: .partial),
                TemplateReference(name: "frame", line: 1, column: 1, kind: .parent),
            ]
        )
    }

    @Test
    func subscriptAddsAndRemovesTemplates() throws {
        var library = TemplateLibrary()
        library["tile"] = try Template(source: "<{{n}}>", path: "tile.mustache")
        #expect(try library.render("tile", with: ["n": 1]) == "<1>")
        library["tile"] = nil
        #expect(library["tile"] == nil)
    }

    @Test
    func templateRenderedAloneLeavesPartialsEmpty() throws {
        let template = try Template(source: "[{{> tile}}]{{<layout}}{{/layout}}", path: "page")
        #expect(try template.render(with: [:]) == "[]")
    }

    @Test
    func partialErrorsPointIntoThePartial() throws {
        let library = try TemplateLibrary(sources: ["page": "x\n{{> loop}}", "loop": "\n\n  {{> loop}}"])
        let error = #expect(throws: TemplateError.self) {
            try library.render("page", with: [:])
        }
        #expect(error?.path == "loop")
        #expect(error?.line == 3)
        #expect(error?.column == 3)
    }
}
