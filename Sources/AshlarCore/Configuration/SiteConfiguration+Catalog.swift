extension SiteConfiguration {
    /// What the catalog stage needs of this configuration, for a site in `paths`.
    func catalogSettings(paths: SitePaths) -> CatalogSettings {
        let publishing: CatalogSettings.ImagePublishing
        switch images {
        case .copy: publishing = .copy
        case .reference:
            if let mediaBaseURL {
                publishing = .remote(baseURL: mediaBaseURL)
            } else {
                publishing = .referenced(sourceFromOutput: paths.sourceFromOutput)
            }
        }
        return CatalogSettings(
            title: title, language: language, sort: sort, publishing: publishing, minimumRating: minRating)
    }
}
