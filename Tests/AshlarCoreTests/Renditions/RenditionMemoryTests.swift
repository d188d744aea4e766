import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// A source's bytes count in its memory reservation, and a file larger than any image that can
/// be decoded within the budget is refused before it is read (issue 39).
struct RenditionMemoryTests {
    static func stage(budget: Int, in folder: URL) -> RenditionStage {
        RenditionStage(
            paths: SitePaths(source: folder, output: folder.appendingPathComponent("_site"), displaySource: "site"),
            settings: RenditionSettings(), widths: [100, 200], cache: RenditionCache(root: folder.path), workers: 1,
            memoryBudget: DecodeMemoryBudget(total: budget))
    }

    static let still = Still(sourcePath: "big.png", image: .output("big.png"), width: 400, height: 300, format: .png)

    /// A PNG of noise, which does not compress.
    static func noise(width: Int, height: Int) -> [UInt8] {
        var state: UInt32 = 39
        let pixels = (0..<(width * height * 3)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        return PNGEncoder.encode(PixelImage(width: width, height: height, format: .rgb, pixels: pixels))
    }

    @Test func theFilesBytesCountInTheReservation() throws {
        let bytes = Self.noise(width: 400, height: 300)
        let need = try RenditionPlan(bytes, widths: [100, 200]).memoryNeeded
        let folder = FileManager.default.temporaryDirectory
        // The decoder's need alone fits; with the file's bytes it does not.
        let short = Self.stage(budget: need + bytes.count - 1, in: folder)
        #expect(throws: ImageError.self) { try short.makeRenditions(of: bytes, widths: [100, 200]) }
        let checkNeed = try Renditions.memoryNeededToCheck(bytes, widths: [100, 200])
        let shortOfACheck = Self.stage(budget: checkNeed + bytes.count - 1, in: folder)
        #expect(throws: ImageError.self) { try shortOfACheck.checkDecodes(bytes, widths: [100, 200]) }
        let enough = Self.stage(budget: need + bytes.count, in: folder)
        #expect(try enough.makeRenditions(of: bytes, widths: [100, 200]).renditions.count == 2)
    }

    @Test func aFileLargerThanTheBudgetIsRefusedBeforeItIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-memory-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("big.png")
        // Sparse: 5 MiB that take no room on disk.
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data(Self.noise(width: 8, height: 8))))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 5 << 20)
        try handle.close()
        let stage = Self.stage(budget: 4 << 20, in: folder)
        var outcome = RenditionStage.Outcome(still: Self.still)
        #expect(stage.readSource(file.path, shown: "site/big.png", into: &outcome) == nil)
        #expect(
            outcome.diagnostics.map(\.message) == [
                "the file is 5 MiB, more than any image Ashlar decodes within the build's memory budget of 4 MiB (its bytes count in it); the photo is left out"
            ])
        #expect(outcome.diagnostics.first?.path == "site/big.png")
    }

    /// A budget the user set refuses a photo that needs more, naming its need and the budget and
    /// what lets it through; one sized from the machine, however small, decodes it alone.
    @Test func aBudgetTheUserSetRefusesALargerPhotoOneFromTheMachineDoesNot() throws {
        let bytes = Self.noise(width: 400, height: 300)
        let need = try RenditionPlan(bytes, widths: [100, 200]).memoryNeeded + bytes.count
        let folder = FileManager.default.temporaryDirectory
        var set = Self.stage(budget: need - 1, in: folder)
        set.budgetOrigin = "'--memory'"
        #expect {
            try set.makeRenditions(of: bytes, widths: [100, 200])
        } throws: { error in
            (error as? ImageError)?.message
                == "needs \((need + (1 << 20) - 1) >> 20) MiB of memory to decode, more than the build's memory "
                + "budget of \((need - 1) >> 20) MiB; a larger '--memory' lets it through"
        }
        var machine = Self.stage(budget: need - 1, in: folder)
        machine.memoryBudget = MemoryBudget(bytes: need - 1, origin: .machine).makeDecodeBudget()
        #expect(try machine.makeRenditions(of: bytes, widths: [100, 200]).renditions.count == 2)
        #expect(machine.memoryBudget.mostAtOnce == 1)
    }
}
