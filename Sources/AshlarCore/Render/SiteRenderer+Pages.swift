extension SiteRenderer {
    /// Reads `pageSources` into `pages`, builds the site menu into the configuration every page
    /// model reads, and folds the menu into the site fingerprint (every page shows the menu, so
    /// a change to it renders every page again). Returns the pages' diagnostics.
    mutating func readPages(root: Album) -> [Diagnostic] {
        let (pages, diagnostics) = SitePage.readAll(
            pageSources, allowsRawHTML: configuration.markdownHTML, taken: Self.takenFolders(root: root, terms: terms))
        self.pages = pages
        configuration.siteMenu = SiteMenu(sections: configuration.menu, root: root, pages: pages, terms: terms)
        var fingerprint = Fingerprint()
        fingerprint.add(siteFingerprint)
        fingerprint.add(configuration.siteMenu.fingerprint)
        siteFingerprint = fingerprint.hex
        return diagnostics
    }

    /// The top-level output folders the site has besides its pages, and what each is.
    static func takenFolders(root: Album, terms: TermPages) -> [String: String] {
        var taken: [String: String] = ["assets": "the theme's assets"]
        for album in root.albums { taken[album.outputPath] = "the album '\(album.title)'" }
        for photo in root.photos { taken[photo.slug] = "the page of the photo '\(photo.name)'" }
        for index in terms.indexes {
            taken[index.kind.folder] = index.kind == .tags ? "the keyword index" : "the place index"
        }
        return taken
    }

    /// The icons (setting `configuration.hasIcons` when they are made) and `robots.txt`: the
    /// user's own, else one that allows everything and names the sitemap when there is one.
    /// Like an album's pages, the icons are made again only when their signature (the icon
    /// file's bytes and `SiteIcon.version`) differs from the previous build's; else the files
    /// the previous build wrote are kept. Returns the signature to record, when the icons exist.
    mutating func makeSiteFiles() -> ([OutputFile], [Diagnostic], iconSignature: String?) {
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        var iconSignature: String?
        if let icon {
            let signature = SiteIcon.signature(of: icon.bytes)
            if reusableAlbums[SiteIcon.signatureKey] == signature {
                files += SiteIcons.files.map { OutputFile(path: $0.path, contents: .unchanged) }
                configuration.hasIcons = true
                iconSignature = signature
            } else {
                switch SiteIcon.make(icon.bytes, displayPath: icon.displayPath) {
                case .success(let icons):
                    files += icons
                    configuration.hasIcons = true
                    iconSignature = signature
                case .failure(let error): diagnostics.append(error.diagnostic)
                }
            }
        }
        files.append(OutputFile(path: SiteInputs.robotsFile, contents: .bytes(userRobots ?? Array(robotsText.utf8))))
        return (files, diagnostics, iconSignature)
    }

    /// Ashlar's `robots.txt`: every crawler may read every page.
    var robotsText: String {
        var text = "User-agent: *\nAllow: /\n"
        if let baseURL = configuration.baseURL { text += "\nSitemap: \(baseURL)sitemap.xml\n" }
        return text
    }
}
