import AshlarImage

extension RenditionStage {
    /// `Renditions.make` for `bytes`, run once the build's memory budget holds what it needs
    /// (`RenditionPlan.memoryNeeded`, read once with the headers `make` then uses, and the file's
    /// own bytes, which the worker holds meanwhile), which it gives back when done: the stage's
    /// workers never decode more than the budget at once. A HEIC grid's tiles are decoded on up
    /// to ``tileWorkers`` threads, each counted in the reservation. `orientation` turns a camera RAW's
    /// preview by the RAW's own.
    func makeRenditions(of bytes: [UInt8], widths: [Int], orientation: Int? = nil) throws(ImageError)
        -> RenditionSet
    {
        var plan = try RenditionPlan(bytes, widths: widths, orientation: orientation, tileWorkers: tileWorkers)
        var needed = Self.reservation(decoding: plan.memoryNeeded, fileBytes: bytes.count)
        if tileWorkers > 1, needed > memoryBudget.total {
            // The tiles in turn, when decoding them at once would not fit the whole budget.
            plan = try RenditionPlan(bytes, widths: widths, orientation: orientation)
            needed = Self.reservation(decoding: plan.memoryNeeded, fileBytes: bytes.count)
        }
        let made = try memoryBudget.withReservation(of: needed) { () throws(ImageError) -> RenditionSet in
            try Renditions.make(plan, quality: settings.quality, keepingCameraEXIF: settings.metadata == .camera)
        }
        guard let made else { throw overBudget(needed) }
        return made
    }

    /// What a decode holds of the budget: what the decoder needs, and the file's bytes.
    static func reservation(decoding need: Int, fileBytes: Int) -> Int {
        need > Int.max - fileBytes ? Int.max : need + fileBytes
    }

    /// The largest file the stage reads whole: less than what one image may need (`ImageLimits`),
    /// and than a budget the user set, as the file's own bytes count in the reservation. (A budget
    /// sized from the machine runs a photo larger than itself alone.)
    var largestSourceFile: Int {
        let perPhoto = ImageLimits.default.maxMemoryBytes
        return max((memoryBudget.runsLargerAlone ? perPhoto : min(memoryBudget.total, perPhoto)) - 1, 0)
    }

    /// `Renditions.check` for `bytes`, run holding what it needs of the budget likewise, the
    /// file's bytes counted (a PNG is decoded; a JPEG's markers only read).
    func checkDecodes(_ bytes: [UInt8], widths: [Int]) throws(ImageError) {
        let needed = Self.reservation(
            decoding: try Renditions.memoryNeededToCheck(bytes, widths: widths), fileBytes: bytes.count)
        let checked: Void? = try memoryBudget.withReservation(of: needed) { () throws(ImageError) in
            try Renditions.check(bytes, widths: widths)
        }
        guard checked != nil else { throw overBudget(needed) }
    }

    /// The refusal of a photo that needs more than the whole budget the user set (in MiB, the
    /// need rounded up and the budget down), with what lets it through.
    func overBudget(_ bytes: Int) -> ImageError {
        ImageError(
            .tooLarge,
            "needs \((bytes + (1 << 20) - 1) >> 20) MiB of memory to decode, \(Self.overBudgetWords)"
                + "\(memoryBudget.total >> 20) MiB" + (budgetOrigin.map { "; a larger \($0) lets it through" } ?? ""))
    }

    private static let overBudgetWords = "more than the build's memory budget of "

    /// Whether `error` is ``overBudget(_:)``'s: a refusal that depends on this build's budget, not
    /// on the photo's bytes, and so is not remembered in the cache (`refusals.tsv`) for the next.
    static func isOverBudget(_ error: ImageError) -> Bool {
        error.kind == .tooLarge && error.message.contains(overBudgetWords)
    }
}
