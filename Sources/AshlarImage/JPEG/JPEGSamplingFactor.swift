/// One component's sampling factors (1–4 each); 4:2:0 colour is Y 2×2, Cb 1×1, Cr 1×1.
public struct JPEGSamplingFactor: Sendable, Equatable {
    public var horizontal: Int
    public var vertical: Int

    public init(horizontal: Int, vertical: Int) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}
