extension PhotoPageModel {
    /// The photo's own credit line fields: `creator`, `rights` and `license` (a URL), each only
    /// when the photo's metadata has it. The site-wide `author` and `copyright` stay in the footer.
    static func credits(_ metadata: PhotoMetadata) -> [(String, String)] {
        var credits: [(String, String)] = []
        if let creator = metadata.creator { credits.append(("creator", creator)) }
        if let rights = metadata.rights { credits.append(("rights", rights)) }
        if let license = metadata.license { credits.append(("license", license)) }
        return credits
    }

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
