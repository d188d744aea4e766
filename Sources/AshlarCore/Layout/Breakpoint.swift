/// A gallery width from which a column count applies. `minWidth` is the gallery's own width in
/// CSS pixels (the size container's width, not the viewport's).
public struct Breakpoint: Sendable, Equatable, Hashable {
    public var minWidth: Double
    public var columns: Int

    public init(minWidth: Double, columns: Int) {
        self.minWidth = minWidth
        self.columns = columns
    }

    /// The default theme's breakpoints: 2, 3, 4 and 5 columns from 0, 600, 900 and 1300 px.
    public static let defaults: [Breakpoint] = [
        Breakpoint(minWidth: 0, columns: 2),
        Breakpoint(minWidth: 600, columns: 3),
        Breakpoint(minWidth: 900, columns: 4),
        Breakpoint(minWidth: 1300, columns: 5),
    ]

    /// The gallery width at which the configured gap is exact: the breakpoint's own minimum
    /// width, or 320 px for a breakpoint that starts at 0.
    public var referenceWidth: Double {
        minWidth > 0 ? minWidth : 320
    }
}
