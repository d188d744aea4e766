import AshlarCore
import AshlarImage
import Foundation

/// `ashlar-bench images glance [--runs R] PHOTO…`: the measurement behind the rendition cache's
/// content check (`RenditionStage.maximumDifference`). For each photo: its renditions at the
/// default theme's widths, as a build makes them; the CPU time of the check a reused set costs
/// (`Renditions.glance`, a ⅛ decode, and `Renditions.difference` against the smallest
/// rendition); and the difference from its own smallest rendition and from every other photo's
/// (those of the same size are what a forged set could hold; all are shown).
extension ImageBenchmark {
    static func glance(_ arguments: [String]) throws -> Int32 {
        var runs = 3
        var paths: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--runs": runs = try runCount(arguments, at: &index)
            default: paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw BenchUsageError("usage: ashlar-bench images glance [--runs R] PHOTO…") }
        var glances: [Renditions.Glance] = []
        var smallest: [[UInt8]] = []
        var names: [String] = []
        var times: [Double] = []
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let plan = try RenditionPlan(bytes, widths: defaultThemeWidths)
            let set = try Renditions.make(plan, quality: 82)
            guard let small = set.renditions.last?.bytes else { continue }
            var best = Double.infinity
            var seen: Renditions.Glance?
            for _ in 0..<runs {
                var failure: Error?
                let seconds = CPUTime.ofThisProcess {
                    do {
                        let glance = try Renditions.glance(at: bytes, keepingCameraEXIF: false)
                        _ = try Renditions.difference(between: glance, and: small)
                        seen = glance
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
                best = min(best, seconds)
            }
            guard let seen else { continue }
            glances.append(seen)
            smallest.append(small)
            names.append(URL(fileURLWithPath: path).lastPathComponent)
            times.append(best)
        }
        print("photo                          check ms  own    nearest other (photo)")
        for (index, glance) in glances.enumerated() {
            let own = try Renditions.difference(between: glance, and: smallest[index])
            var nearest = (Double.infinity, "")
            for other in smallest.indices where other != index {
                let difference = try Renditions.difference(between: glance, and: smallest[other])
                if difference < nearest.0 { nearest = (difference, names[other]) }
            }
            print(
                names[index].padding(toLength: 30, withPad: " ", startingAt: 0) + " "
                    + Measure.format(times[index] * 1000, 1).padding(toLength: 9, withPad: " ", startingAt: 0) + " "
                    + Measure.format(own, 2).padding(toLength: 6, withPad: " ", startingAt: 0) + " "
                    + Measure.format(nearest.0, 2) + " (\(nearest.1))")
        }
        return 0
    }
}
