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
}
