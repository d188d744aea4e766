import AshlarCore
import Foundation

/// `ashlar build --shard K/N --json`: what one shard made, found and took.
struct ShardReport: Encodable {
    /// `K/N`.
    var shard: String
    /// Photos with renditions or a published copy to make, in every shard and in this one.
    var photos: Int
    var shardPhotos: Int
    /// Cache files this build made, and found in the cache.
    var renditions: BuildReport.Renditions
    var makesNoRenditions: Bool
    var stopped: Bool
    var warnings: Int
    var errors: Int
    var seconds: [String: Double]
    var diagnostics: [DiagnosticReport.Entry]

    init(result: SiteBuilder.ShardResult, seconds total: Double) {
        shard = result.shard.description
        photos = result.photoCount
        shardPhotos = result.shardPhotoCount
        renditions = BuildReport.Renditions(made: result.renditionsMade, reused: result.renditionsReused)
        makesNoRenditions = result.makesNoRenditions
        stopped = result.stopped
        warnings = result.warningCount
        errors = result.errorCount
        var seconds = ["total": total]
        for stage in result.stages { seconds[stage.name] = stage.seconds }
        self.seconds = seconds
        diagnostics = result.diagnostics.map(DiagnosticReport.Entry.init)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
