import AshlarCore
import Foundation

/// `ashlar build --json`: counts, diagnostics, files and time per stage.
struct BuildReport: Encodable {
    var photos: Int
    var albums: Int
    var pages: Int
    var warnings: Int
    var errors: Int
    var upToDate: Bool
    /// The configuration had errors: nothing was built or written.
    var stopped: Bool
    var files: Files
    /// Rendition files made by this build and found in the cache.
    var renditions: Renditions
    /// What `minRating` left out, as the summary line says it; absent when nothing was.
    var leftOut: String?
    /// The files of each album that are not published, by album and reason, with what to do.
    var unpublished: [UnpublishedGroup]
    var seconds: [String: Double]
    /// The memory budget in bytes, the most photos decoded at once under it, and the jobs;
    /// absent when the configuration stopped the build.
    var memory: Memory?
    var diagnostics: [DiagnosticReport.Entry]

    struct Renditions: Encodable {
        var made: Int
        var reused: Int
    }

    struct Memory: Encodable {
        var budget: Int
        var mostDecodesAtOnce: Int
        var jobs: Int
    }

    struct Files: Encodable {
        var written: Int
        var unchanged: Int
        var removed: Int
    }

    init(result: SiteBuilder.Result, seconds total: Double) {
        photos = result.photoCount
        albums = result.albumCount
        pages = result.pageCount
        warnings = result.warningCount
        errors = result.errorCount
        upToDate = result.upToDate
        stopped = result.stopped
        leftOut = result.leftOut?.description
        unpublished = result.unpublished
        files = Files(written: result.filesWritten, unchanged: result.filesUnchanged, removed: result.filesRemoved)
        renditions = Renditions(made: result.renditionsMade, reused: result.renditionsReused)
        var seconds = ["total": total]
        for stage in result.stages { seconds[stage.name] = stage.seconds }
        self.seconds = seconds
        memory = result.memory.map {
            Memory(budget: $0.budget.bytes, mostDecodesAtOnce: $0.mostDecodesAtOnce, jobs: $0.jobs)
        }
        diagnostics = DiagnosticReport(result).diagnostics
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
