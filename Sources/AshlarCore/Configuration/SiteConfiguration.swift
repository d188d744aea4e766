/// The site's settings from `ashlar.json`. Every key is optional; missing keys take the defaults
/// below.
package struct SiteConfiguration: Sendable, Equatable {
    package var title = "Gallery"
    /// BCP 47 language tag for `<html lang>`; its primary subtag chooses the theme's words and
    /// date format (`SiteLanguage`), English when the theme has none for it.
    package var language = "en" {
        didSet { resolveLanguage() }
    }
    /// `words`: the theme's words the site replaces.
    package var wordOverrides: [ThemeWords.Key: String] = [:] {
        didSet { resolveLanguage() }
    }
    /// `dateFormat`: date and time patterns in place of the language's.
    package var datePatterns = DateStyle.Patterns() {
        didSet { resolveLanguage() }
    }
    /// The theme's words in `language`, with `wordOverrides` over them.
    package private(set) var words = ThemeWords()
    /// How pages write dates in `language`, with `datePatterns` over the CLDR's.
    package private(set) var dateStyle = SiteLanguage.en.dateStyle
    package var description: String?
    /// Shown in the footer and in feeds.
    package var author: String?
    /// A copyright line for the footer (`© 2024 Ada Lovelace`).
    package var copyright: String?
    /// Where the site is published (`https://example.com/photos/`), always ending in `/`. When set,
    /// pages get canonical links, sharing tags and JSON-LD, and the site a sitemap and a feed.
    package var baseURL: String?
    /// How images reach the site: copied into it (hard-linked where the file system allows), or
    /// referenced where they are.
    package var images = ImageHandling.copy
    /// With `images: reference`, where the originals are served from (a CDN):
    /// `https://cdn.example.com/photos/`, always ending in `/`.
    package var mediaBaseURL: String?
    /// Photos per album page; 0 puts every photo on one page.
    package var pageSize = 60
    package var layout = LayoutSettings()
    /// How albums order their photos unless their `album.json` says otherwise.
    package var sort = SortOrder.byName
    /// Publish only photos rated this many stars or more; rejected and unrated photos are left
    /// out too. Nil publishes every photo.
    package var minRating: Int?
    /// Show where a photo was taken, by name (sublocation, city, region, country), on its page.
    /// Coordinates are never shown.
    package var showPlace = false
    /// Give every keyword (and, with `showPlace`, every place) a page of its photos, linked from
    /// photo pages; false shows photo pages' tags as plain text.
    package var tags = true
    /// Give photo pages the theme's small script (`assets/ashlar.js`): arrow keys, Esc and swipe to
    /// move between photos, click or double-tap to zoom. The pages work the same without it.
    package var script = true
    /// The renditions made of local JPEG and PNG photos, and whether originals are published.
    package var renditions = RenditionSettings()
    /// The memory the photos a build decodes at once may hold between them, in bytes (`"2G"`);
    /// nil sizes it from the machine. `--memory` overrides it.
    package var memory: Int?
    /// The sections of the site menu every page shows, in order (`"menu"`); an empty list shows
    /// none.
    package var menu: [MenuSection] = MenuSection.allCases
    /// Whether raw HTML in pages' Markdown reaches the site (`"markdown": {"html": true}`); by
    /// default it is escaped and shows as text.
    package var markdownHTML = false
    /// A square PNG or JPEG in the source folder that the build makes into the favicon and the
    /// touch icons (`"icon"`, a path relative to the source folder).
    package var icon: String?

    /// Not read from `ashlar.json`: the menu's entries, filled in by `SiteRenderer` from the
    /// catalog and the pages so that every page's data (`SiteSummary`) can show it.
    package var siteMenu = SiteMenu()
    /// Not read from `ashlar.json`: whether the build made the icons of `icon`.
    package var hasIcons = false

    package init() {}

    private mutating func resolveLanguage() {
        let resolved = SiteLanguage(tag: language) ?? .en
        words = ThemeWords(language: resolved, overrides: wordOverrides)
        dateStyle = resolved.dateStyle.with(datePatterns)
    }

    /// A section of the site menu.
    package enum MenuSection: String, Sendable, Equatable, CaseIterable {
        /// The top-level albums, each by its title.
        case albums
        /// The pages of `pages/` that are in the menu.
        case pages
        /// The keyword index, when the site has keyword pages.
        case keywords
        /// The place index, when the site shows places and has place pages.
        case places
    }

    package enum ImageHandling: String, Sendable, Equatable {
        /// Images are copied into the output (a hard link when on the same file system).
        case copy
        /// Images are not copied: pages point at `mediaBaseURL`, or back at the source folder.
        case reference
    }

    package struct LayoutSettings: Sendable, Equatable {
        /// Space between tiles, in CSS px, exact at each breakpoint's reference width.
        package var gap: Double = 8
        package var breakpoints: [Breakpoint] = Breakpoint.defaults

        package init() {}
    }

    /// The keys `ashlar.json` understands, for "did you mean" suggestions.
    static let topLevelKeys = [
        "title", "language", "description", "author", "copyright", "baseURL", "images", "mediaBaseURL", "pageSize",
        "layout", "sort", "minRating", "showPlace", "tags", "script", "renditions", "originals", "metadata",
        "publishAsIs", "memory", "words", "dateFormat", "menu", "markdown", "icon",
    ]
    static let layoutKeys = ["gap", "breakpoints"]
    static let dateFormatKeys = ["date", "time", "dateTime"]
    static let markdownKeys = ["html"]
    static let breakpointKeys = ["minWidth", "columns"]

    /// Columns beyond this make tiles too small to be useful and the CSS needlessly large.
    package static let maximumColumns = 24
}
