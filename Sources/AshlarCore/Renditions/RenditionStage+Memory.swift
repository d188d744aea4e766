import AshlarImage

extension RenditionStage {
    /// `Renditions.make` for `bytes`, run once the build's memory budget holds what it needs
    /// (`RenditionPlan.memoryNeeded`, read once with the headers `make` then uses), which it
    /// gives back when done: the stage's workers never decode more than the budget at once.
    /// `orientation` turns a camera RAW's preview by the RAW's own.
    func makeRenditions(of bytes: [UInt8], widths: [Int], orientation: Int? = nil) throws(ImageError)
        -> RenditionSet
    {
        let plan = try RenditionPlan(bytes, widths: widths, orientation: orientation)
        let made = try memoryBudget.withReservation(of: plan.memoryNeeded) { () throws(ImageError) -> RenditionSet in
            try Renditions.make(plan, quality: settings.quality, keepingCameraEXIF: settings.metadata == .camera)
        }
        guard let made else { throw overBudget(plan.memoryNeeded) }
        return made
    }

    /// `Renditions.check` for `bytes`, run holding what it needs of the budget likewise (a PNG is
    /// decoded; a JPEG's markers only read).
    func checkDecodes(_ bytes: [UInt8], widths: [Int]) throws(ImageError) {
        let needed = try Renditions.memoryNeededToCheck(bytes, widths: widths)
        let checked: Void? = try memoryBudget.withReservation(of: needed) { () throws(ImageError) in
            try Renditions.check(bytes, widths: widths)
        }
        guard checked != nil else { throw overBudget(needed) }
    }

    /// The refusal of a photo that needs more than the whole budget (in MiB, the need rounded up
    /// and the budget down).
    func overBudget(_ bytes: Int) -> ImageError {
        ImageError(
            .tooLarge,
            "needs \((bytes + (1 << 20) - 1) >> 20) MiB of memory to decode, "
                + "more than the build's memory budget of \(memoryBudget.total >> 20) MiB")
    }
}
