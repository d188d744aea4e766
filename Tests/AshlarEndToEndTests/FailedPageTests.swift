import Foundation
import Testing

/// A page that cannot be rendered this time keeps the file the previous build wrote: a broken
/// template reports its error and the build exits 1, but the site does not lose its pages.
@Suite struct FailedPageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var template: String
        var text: String
        /// A page the broken template renders, which must survive the failed build.
        var keptPage: String
        var testDescription: String { name }
    }

    static let cases = [
        // Fails while rendering: the tile partial includes itself (album pages only).
        Case(
            name: "album pages whose render fails", template: "tile.mustache", text: "<li>{{title}}{{> tile}}</li>",
            keptPage: "index.html"),
        // Fails to parse: no photo page can be rendered at all.
        Case(
            name: "photo pages whose template does not parse", template: "photo.mustache", text: "{{#unclosed}}",
            keptPage: "first-light/index.html"),
    ]

    @Test(arguments: cases)
    func aBrokenTemplateKeepsThePreviousPages(_ testCase: Case) throws {
        let (folder, site, output) = try BuildEngineTests.builtExampleCopy("ashlar-failed-page")
        _ = folder
        let kept = output.appendingPathComponent(testCase.keptPage)
        let before = try Data(contentsOf: kept)
        let pagesBefore = try BuildEngineTests.snapshot(output).keys.filter { $0.hasSuffix(".html") }

        try FileManager.default.createDirectory(
            at: site.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try Data(testCase.text.utf8).write(to: site.appendingPathComponent("templates/" + testCase.template))
        let broken = try Ashlar.run(["build", site.path])
        #expect(broken.status == 1, "\(broken.stderr)")
        #expect(broken.stderr.contains("error:"))
        #expect(broken.stdout.contains(" 0 removed"), "\(broken.stdout)")

        #expect(try Data(contentsOf: kept) == before, "\(testCase.keptPage) changed or went missing")
        let pagesAfter = try BuildEngineTests.snapshot(output).keys.filter { $0.hasSuffix(".html") }
        #expect(Set(pagesAfter) == Set(pagesBefore))

        // Once the template is fixed, the next build renders the pages again.
        try FileManager.default.removeItem(at: site.appendingPathComponent("templates/" + testCase.template))
        let fixed = try Ashlar.run(["build", site.path])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try Data(contentsOf: kept) == before)
    }
}
