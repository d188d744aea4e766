import Testing

@testable import AshlarCore

/// Which widths photos get, how `ashlar.json` sets them, and what the output keeps of a build.
@Suite struct RenditionWidthsTests {
    /// The default theme: tiles at most 293, 292, 317 and 484 px wide at its four breakpoints,
    /// at 1× and 2×, and the photo-page sizes, with near neighbours left to the wider.
    @Test func defaultsComeFromTheLayout() {
        let widths = RenditionWidths.defaults(
            breakpoints: Breakpoint.defaults, gap: 8, geometry: PageGeometry(), maxWidth: 2560)
        #expect(widths == [317, 484, 634, 968, 1280, 1920, 2560])
        let capped = RenditionWidths.defaults(
            breakpoints: Breakpoint.defaults, gap: 8, geometry: PageGeometry(), maxWidth: 1600)
        // 1280 is within a fifth of 1600, so 1600 serves it.
        #expect(capped == [317, 484, 634, 968, 1600])
    }

    @Test func oneColumnBelowTheFirstBreakpointCounts() {
        let widths = RenditionWidths.defaults(
            breakpoints: [Breakpoint(minWidth: 700, columns: 3)], gap: 0, geometry: PageGeometry(), maxWidth: 2560)
        // Three columns up to a 2,480 px gallery: 827 px tiles (1,654 at 2×, left to 1,920).
        // Below 700 px one full-width column: 700 (left to 827) and 1,400 (which serves 1,280).
        #expect(widths == [827, 1400, 1920, 2560])
    }

    @Test(arguments: [
        (1000, [317, 484, 634, 968, 1280], [317, 484, 634, 1000]),
        (640, [317, 484, 634, 968], [317, 484, 640]),
        (317, [317, 484], []),
        (200, [317, 484], []),
        (318, [317, 484], [318]),
        (6000, [320, 2560], [320, 2560]),
    ])
    func photosGetNoUpscaleAndNoNearTwins(width: Int, widths: [Int], expected: [Int]) {
        #expect(RenditionWidths.forPhoto(width: width, widths: widths) == expected)
    }

    /// Portrait photos: no rendition taller than the longest side allowed; landscape ones and
    /// portraits within it keep their widths.
    @Test(arguments: [
        (3985, 5974, [317, 484, 634, 968, 1280, 1920, 2560], [317, 484, 634, 968, 1280, 1707]),
        (4000, 6000, [317, 2560], [317, 1706]),
        (6000, 4000, [317, 1280, 2560], [317, 1280, 2560]),
        (1600, 2400, [317, 1280, 2560], [317, 1600]),
        (600, 9000, [317, 484], [317]),
    ])
    func portraitsAreCappedByTheirHeight(width: Int, height: Int, widths: [Int], expected: [Int]) {
        let capped = RenditionWidths.forPhoto(width: width, height: height, widths: widths, longestSide: 2560)
        #expect(capped == expected)
        if let largest = capped.last {
            #expect(Double(largest) * Double(height) / Double(width) <= 2560 || largest == widths.min())
        }
    }

    @Test(arguments: [
        (#"{"renditions": false}"#, false, nil as [Int]?, 82, 2560, "omit"),
        (#"{"renditions": true, "originals": "publish"}"#, true, nil, 82, 2560, "publish"),
        (
            #"{"renditions": {"widths": [400, 1600], "quality": 90, "maxWidth": 2000}}"#, true, [400, 1600], 90, 2000,
            "omit"
        ),
        (#"{"renditions": {"widths": null}}"#, true, nil, 82, 2560, "omit"),
    ])
    func theConfigurationSetsThem(
        json: String, enabled: Bool, widths: [Int]?, quality: Int, maxWidth: Int, originals: String
    ) throws {
        let (configuration, diagnostics) = SiteConfiguration.read(bytes: Array(json.utf8), path: "ashlar.json")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let settings = try #require(configuration).renditions
        #expect(settings.enabled == enabled)
        #expect(settings.widths == widths)
        #expect(settings.quality == quality)
        #expect(settings.maxWidth == maxWidth)
        #expect(settings.originals.rawValue == originals)
    }

    @Test(arguments: [
        (
            #"{"renditions": "yes"}"#,
            "'renditions' must be true, false or an object with 'widths', 'quality' and 'maxWidth', found \"yes\""
        ),
        (#"{"renditions": {"quality": 0}}"#, "'renditions.quality' must be a JPEG quality from 1 to 100, found 0"),
        (
            #"{"renditions": {"widths": [400, 2.5]}}"#,
            "'renditions.widths[1]' must be a whole number of pixels from 16 to 16384, found 2.5"
        ),
        (
            #"{"renditions": {"widths": []}}"#,
            "'renditions.widths' must be a non-empty list of widths in pixels, found a list"
        ),
        (
            #"{"renditions": {"maxWidth": 99999}}"#,
            "'renditions.maxWidth' must be a whole number of pixels from 16 to 16384, found 99999"
        ),
        (#"{"originals": "keep"}"#, "'originals' must be 'omit' or 'publish', found \"keep\""),
        (#"{"metadata": "all"}"#, "'metadata' must be 'none' or 'camera', found \"all\""),
    ])
    func badSettingsAreErrorsNamingTheKey(json: String, message: String) {
        let (configuration, diagnostics) = SiteConfiguration.read(bytes: Array(json.utf8), path: "ashlar.json")
        #expect(configuration == nil)
        #expect(diagnostics.map(\.message) == [message])
    }

    /// The count is of photos (each has several renditions), and says so.
    @Test func progressSaysWhatIsLeft() {
        #expect(RenditionStage.progressText(done: 0, total: 1000, elapsed: 0) == "renditions of 0/1,000 photos")
        #expect(
            RenditionStage.progressText(done: 312, total: 1000, elapsed: 36.5)
                == "renditions of 312/1,000 photos, 1 min 21 s left")
        #expect(
            RenditionStage.progressText(done: 900, total: 1000, elapsed: 90)
                == "renditions of 900/1,000 photos, 10 s left")
        #expect(RenditionStage.progressText(done: 1, total: 1, elapsed: 90) == "renditions of 1/1 photo")
    }

    @Test func theOutputMarkerListsFilesAndNothingElse() throws {
        let bytes = OutputMarker.bytes(files: ["b/index.html", "a.jpg", "b/ü.jpg"])
        #expect(OutputMarker.read(bytes) == ["a.jpg", "b/index.html", "b/ü.jpg"])
        #expect(
            OutputMarker.bytes(files: ["a.jpg", "b/index.html"])
                == OutputMarker.bytes(files: ["b/index.html", "a.jpg"]))
        for unsafe in ["../x", "/etc/passwd", "a//b", ".ashlar-manifest.json"] {
            let crafted = Array(#"{"ashlar": 2, "files": ["a.jpg", \#(JSONText.serialize(.string(unsafe)))]}"#.utf8)
            #expect(OutputMarker.read(crafted) == nil, "\(unsafe)")
        }
        #expect(OutputMarker.read(Array(#"{"ashlar": 1, "files": {}}"#.utf8)) == nil)
    }
}
