import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

@Suite struct BuildStageTests {
    static let scopes: [BuildScope] =
        [.build(.all), .build(.cachedOnly), .check, .catalog]
        + [RenditionShard(index: 1, count: 2)].compactMap { $0 }.map(BuildScope.shard)

    /// The list is well formed: a stage reads only what a stage before it made, and no two
    /// stages make the same product.
    @Test func everyStageReadsOnlyWhatAnEarlierStageMade() {
        var made: Set<BuildProduct> = []
        for stage in BuildStage.allCases {
            for product in stage.reads {
                #expect(made.contains(product), "\(stage) reads \(product) before it is made")
            }
            #expect(made.insert(stage.makes).inserted, "\(stage.makes) is made twice")
        }
        #expect(made == Set(BuildProduct.allCases))
    }

    /// Every command runs the stages in the one order, from the first, leaving out only a tail.
    @Test(arguments: scopes)
    func everyScopeRunsAPrefixOfTheStages(scope: BuildScope) {
        #expect(Array(BuildStage.allCases.prefix(scope.stages.count)) == scope.stages)
        #expect(scope.stages.contains(.write) == scope.writesSite)
    }

    @Test(arguments: [
        (RenditionScope.cachedOnly, 3, RenditionScope?.some(.firstScreen(photos: PreviewRounds.firstScreenPhotos))),
        (.cachedOnly, 0, nil),
        (.firstScreen(photos: PreviewRounds.firstScreenPhotos), 5, .all),
        (.firstScreen(photos: PreviewRounds.firstScreenPhotos), 0, nil),
        (.all, 7, nil),
    ])
    func serveMakesDeferredRenditionsInRounds(after scope: RenditionScope, deferred: Int, next: RenditionScope?) {
        #expect(PreviewRounds.next(after: scope, deferred: deferred) == next)
    }

    /// The catalog is the read stage's, and no stage after it changes it: what the rendition
    /// stage publishes (renditions, copies, left-out photos) sits beside it. A site with photos
    /// that get renditions, one too small for them (a copy), and an album whose cover is in a
    /// sub-album.
    @Test func noStageChangesTheCatalogTheReadStageMade() throws {
        let folder = try TemporaryFolder("ashlar-stages")
        try folder.write(RenditionScopeTests.photo(seed: 1), to: "site/a.jpg")
        try folder.write(RenditionScopeTests.photo(seed: 2), to: "site/trip/days/b.jpg")
        let small = PixelImage(width: 16, height: 12, format: .rgb, pixels: Array(repeating: 90, count: 16 * 12 * 3))
        try folder.write(Data(JPEGEncoder.encode(small, quality: 80)), to: "site/trip/small.jpg")
        try folder.write(#"{"cover": "days/b.jpg"}"#, to: "site/trip/album.json")
        let source = folder.url.appendingPathComponent("site")
        var builder = SiteBuilder(
            paths: SitePaths(source: source, output: folder.url.appendingPathComponent("out"), displaySource: "site"))
        builder.options.cacheDirectory = folder.url.appendingPathComponent("cache")
        var run = BuildRun(builder: builder, scope: .build(.all))
        try run.prepare()
        var afterRead: Catalog?
        for stage in run.scope.stages {
            try run.perform(stage)
            if stage == .read { afterRead = run.catalog }
        }
        let result = try #require(run.result)
        #expect(result.errorCount == 0, "\(result.diagnostics)")
        #expect(result.photoCount == 3)
        #expect(run.written != nil, "the build ran to its last stage")
        #expect(afterRead != nil)
        #expect(run.catalog == afterRead)
    }
}
