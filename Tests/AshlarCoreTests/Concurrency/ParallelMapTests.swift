import Foundation
import Synchronization
import Testing

@testable import AshlarCore

@Suite struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 7, 1000, 10_007])
    func keepsTheInputOrder(count: Int) {
        let input = Array(0..<count)
        #expect(input.parallelMap { $0 * 3 + 1 } == input.map { $0 * 3 + 1 })
        #expect(input.parallelMap(workers: 3) { $0 * 3 + 1 } == input.map { $0 * 3 + 1 })
    }

    /// `--jobs N`: never more than N transforms at once (each sleeps a little, so that without the
    /// cap the machine's cores would overlap them). Dispatch promises no overlap at all, so only
    /// the cap is checked.
    @Test(arguments: [1, 2, 3])
    func runsAtMostTheGivenNumberAtOnce(workers: Int) {
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let result = Array(0..<48).parallelMap(workers: workers) { value -> Int in
            let now = running.wrappingAdd(1, ordering: .relaxed).newValue
            _ = most.max(now, ordering: .relaxed)
            usleep(2_000)
            running.wrappingSubtract(1, ordering: .relaxed)
            return value
        }
        #expect(result == Array(0..<48))
        #expect(most.load(ordering: .relaxed) <= workers)
    }
}
