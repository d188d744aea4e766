import Testing

@testable import AshlarCore

/// A photo page's `sizes`: the viewport's width in the viewing mode, or, for a theme whose photo
/// is as wide as the page, the page's width, less the details column on wide screens; or the
/// width the height cap allows, at every segment of the theme's geometry.
@Suite struct PhotoPageSizesUnitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var ratio: Double?
        var expected: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(
            name: "portrait 3:4",
            ratio: 0.75,
            expected:
                "(min-width: 2560px) min(2128px, 63.75vh), (min-width: 1333.33px) min(calc(100vw - 432px), 63.75vh), (min-width: 1100px) min(calc(94vw - 352px), 63.75vh), (min-width: 533.33px) min(94vw, 63.75vh), min(calc(100vw - 32px), 63.75vh)"
        ),
        Case(
            name: "no ratio: the width alone",
            ratio: nil,
            expected:
                "(min-width: 2560px) 2128px, (min-width: 1333.33px) calc(100vw - 432px), (min-width: 1100px) calc(94vw - 352px), (min-width: 533.33px) 94vw, calc(100vw - 32px)"
        ),
    ])
    func pageWideGeometry(_ testCase: Case) {
        var geometry = PageGeometry()
        geometry.photoMaxHeight = 85
        geometry.photoChrome = 0
        geometry.photoFullWidth = false
        #expect(geometry.photoSizes(aspectRatio: testCase.ratio) == testCase.expected)
    }

    /// A theme's own `theme.json` that leaves a key out gets the default theme's value.
    @Test func theDefaultsAreTheDefaultThemes() {
        let (geometry, diagnostics) = Theme.builtIn.pageGeometry()
        #expect(diagnostics.isEmpty)
        #expect(geometry == PageGeometry())
    }

    /// theme.json declares the height cap and the details column; `sizes` follows it.
    @Test func themeDeclaresThePhotoGeometry() {
        let json =
            #"{"photo": {"maxHeight": 70, "chrome": 0, "fullWidth": false, "details": {"minViewport": 900, "width": 300, "gap": 20}}}"#
        let theme = Theme(files: [
            "theme.json": Theme.ThemeFile(bytes: Array(json.utf8), displayPath: "t/theme.json", isOverride: true)
        ])
        let (geometry, diagnostics) = theme.pageGeometry()
        #expect(diagnostics.isEmpty)
        #expect(geometry.photoMaxHeight == 70 && geometry.detailsMinViewport == 900)
        let sizes = geometry.photoSizes(aspectRatio: 0.5)
        #expect(sizes.contains("(min-width: 900px) min(calc(94vw - 320px), 35vh)"), "\(sizes)")
    }

    /// The viewing mode (`fullWidth`, `chrome`): the viewport's width or what the viewport's
    /// height less the bars allows, one entry for every viewport; the default theme's.
    @Test(arguments: [
        (1.5, "min(100vw, calc(150vh - 216px))"), (0.75, "min(100vw, calc(75vh - 108px))"), (nil, "100vw"),
    ])
    func viewingModeStatesTheFittedWidth(ratio: Double?, expected: String) throws {
        let (geometry, diagnostics) = Theme.builtIn.pageGeometry()
        #expect(diagnostics.isEmpty)
        #expect(geometry.photoFullWidth && geometry.photoChrome == 144 && geometry.photoMaxHeight == 100)
        #expect(geometry.photoSizes(aspectRatio: ratio) == expected)
    }
}
