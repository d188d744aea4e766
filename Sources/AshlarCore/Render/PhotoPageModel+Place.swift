extension PhotoPageModel {
    /// Where the photo was taken, by name, most specific first: "Old Town, Prague, Czechia".
    /// Only for sites that opt in with `showPlace`; coordinates are never read.
    static func place(_ metadata: PhotoMetadata) -> String? {
        var parts: [String] = []
        for part in [metadata.location, metadata.city, metadata.region, metadata.country].compactMap({ $0 })
        where !parts.contains(part) {
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
