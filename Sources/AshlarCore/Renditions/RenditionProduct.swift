/// What the rendition stage hands on: the published images (beside the catalog), what the stage
/// did, and the cache the write stage copies from and prunes.
struct RenditionProduct: Sendable {
    var published: PublishedImages
    var report: RenditionStage.Report
    var cache: RenditionCache
}
