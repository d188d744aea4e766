/// The `"memory"` object of `ashlar build --json`: the build's memory budget and how many photos
/// it decoded at once at the most.
struct BuildMemory: Decodable, Equatable {
    /// In bytes.
    var budget: Int
    var mostDecodesAtOnce: Int
    var jobs: Int
}

/// What `ashlar-bench scaling` reads of `ashlar build --json`: enough to know the build was
/// cold and clean, and its memory object, absent from an `ashlar` that predates it.
struct BuildReportFacts: Decodable, Equatable {
    var photos: Int
    var errors: Int
    var renditions: Renditions
    var memory: BuildMemory?

    struct Renditions: Decodable, Equatable {
        var made: Int
        var reused: Int
    }
}
