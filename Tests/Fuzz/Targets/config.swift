@testable import AshlarCore

/// The JSON configuration files: `ashlar.json`, `album.json` and a theme's `theme.json`, each read
/// from the same input. A valid `ashlar.json` then goes where the build takes it: the masonry
/// layout at every breakpoint, the breakpoint values of the stylesheet and the tiles' `sizes`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)

    let (album, albumDiagnostics) = AlbumSettings.read(bytes, path: "fuzz")
    checkDiagnostics(albumDiagnostics, path: "fuzz")
    _ = album

    let theme = Theme(files: ["theme.json": Theme.ThemeFile(bytes: bytes, displayPath: "fuzz", isOverride: true)])
    let (geometry, themeDiagnostics) = theme.pageGeometry()
    checkDiagnostics(themeDiagnostics, path: "fuzz")
    require(
        geometry.paddingMax >= geometry.paddingMin, "padding max \(geometry.paddingMax) < min \(geometry.paddingMin)")

    let (configuration, diagnostics) = SiteConfiguration.read(bytes: bytes, path: "fuzz")
    checkDiagnostics(diagnostics, path: "fuzz")
    guard let configuration else {
        require(diagnostics.contains { $0.severity == .error }, "no configuration and no error")
        return 0
    }
    require(!diagnostics.contains { $0.severity == .error }, "a configuration despite errors")
    let layout = configuration.layout
    require(!layout.breakpoints.isEmpty, "no breakpoints")
    for breakpoint in layout.breakpoints {
        require((1...SiteConfiguration.maximumColumns).contains(breakpoint.columns), "\(breakpoint.columns) columns")
    }
    for placed in MasonryLayout.place(aspectRatios: [1.5, 0.75, 1, 2.4, 0.5], at: layout.breakpoints, gap: layout.gap) {
        require(placed.height.isFinite && placed.height > 0, "layout height \(placed.height)")
    }
    _ = GalleryModel.breakpointValues(configuration: configuration)
    _ = geometry.tileSizes(breakpoints: layout.breakpoints, gap: layout.gap)
    _ = geometry.photoSizes(aspectRatio: 0.75)
    return 0
}
