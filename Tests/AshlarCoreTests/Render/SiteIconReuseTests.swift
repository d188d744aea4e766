import Testing

@testable import AshlarCore

/// The icons are made like an album's pages: again only when their signature changed.
@Suite struct SiteIconReuseTests {
    func renderer(icon bytes: [UInt8], previous: [String: String]) -> SiteRenderer {
        var renderer = SiteRenderer(configuration: SiteConfiguration(), theme: .builtIn, library: .init())
        renderer.icon = IconSource(relativePath: "icon.png", displayPath: "icon.png", bytes: bytes)
        renderer.reusableAlbums = previous
        return renderer
    }

    @Test func anUnchangedIconIsNotMadeAgain() {
        // Not an image at all: made, it would be an error; kept, it is not read.
        let bytes = Array("not an image".utf8)
        var kept = renderer(icon: bytes, previous: [SiteIcon.signatureKey: SiteIcon.signature(of: bytes)])
        let (files, diagnostics, signature) = kept.makeSiteFiles()
        #expect(diagnostics.isEmpty)
        #expect(signature == SiteIcon.signature(of: bytes))
        #expect(files.filter { $0.contents == .unchanged }.map(\.path) == SiteIcons.files.map(\.path))
        #expect(kept.configuration.hasIcons)

        var made = renderer(icon: bytes, previous: [SiteIcon.signatureKey: SiteIcon.signature(of: [1])])
        let (_, errors, none) = made.makeSiteFiles()
        #expect(errors.map(\.description) == ["icon.png: error: the icon must be a PNG or JPEG image"])
        #expect(none == nil)
        #expect(!made.configuration.hasIcons)
    }

    @Test func theSignatureFollowsTheBytesAndTheVersion() {
        #expect(SiteIcon.signature(of: [1, 2]) != SiteIcon.signature(of: [1, 3]))
        #expect(SiteIcon.signature(of: [1, 2]) == SiteIcon.signature(of: [1, 2]))
    }
}
