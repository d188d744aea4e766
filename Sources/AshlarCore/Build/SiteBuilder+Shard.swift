extension SiteBuilder {
    /// What a shard's build (`ashlar build --shard K/N`) did.
    public struct ShardResult: Sendable {
        public var shard: RenditionShard
        /// The configuration's diagnostics, and the rendition stage's for this shard's photos.
        public var diagnostics: [Diagnostic]
        /// Photos with renditions or a published copy to make, in every shard, and in this one.
        public var photoCount = 0
        public var shardPhotoCount = 0
        /// Cache files made by this build, and found in the cache.
        public var renditionsMade = 0
        public var renditionsReused = 0
        /// True when the site makes no renditions (`"images": "reference"`, or renditions turned off),
        /// so there is nothing to share out.
        public var makesNoRenditions = false
        /// True when the configuration had errors, so nothing was made.
        public var stopped = false
        /// Seconds spent in each stage, in order.
        public var stages: [(name: String, seconds: Double)] = []

        public var errorCount: Int { diagnostics.count { $0.severity == .error } }
        public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    }

    /// Makes the renditions and published originals of one shard's photos into the cache, and
    /// nothing else: no site is written, the output folder is neither locked nor read, and the
    /// cache is not pruned (it may hold other shards' work). Every photo is read once to be
    /// digested, unless `sources.tsv` already knows its digest. Merging the caches of every
    /// shard (a plain union of folders) gives a cache from which `build` makes nothing.
    public func buildShard(_ shard: RenditionShard, progress: (@Sendable (String) -> Void)? = nil)
        throws(BuildError) -> ShardResult
    {
        var run = BuildRun(builder: self, scope: .shard(shard), progress: progress)
        try run.run()
        var result = ShardResult(shard: shard, diagnostics: run.inputs?.diagnostics ?? [])
        guard run.ending != .brokenConfiguration else {
            result.stopped = true
            return result
        }
        if let report = run.renditions?.report {
            result.diagnostics += report.diagnostics
            result.photoCount = report.photos
            result.shardPhotoCount = report.photos - report.outsideShard
            result.renditionsMade = report.made
            result.renditionsReused = report.reused
        } else {
            result.makesNoRenditions = true
        }
        result.stages = run.clock.stages
        return result
    }
}
