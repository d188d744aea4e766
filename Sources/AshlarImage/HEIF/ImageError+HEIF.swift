extension ImageError {
    /// A HEIF container error as an image error: over a limit is `.tooLarge`, a feature the
    /// reader does not implement `.unsupported`, anything else `.malformed`; the message is the
    /// error's own, after "HEIF".
    package init(_ error: HEIFError) {
        let kind: Kind =
            switch error {
            case .tooMany, .itemTooLarge, .imageTooLarge: .tooLarge
            case .unsupportedVersion, .unsupportedConstruction, .unsupportedEssentialProperty, .unsupportedItemType:
                .unsupported
            default: .malformed
            }
        self.init(kind, "HEIF: \(error.description)")
    }
}
