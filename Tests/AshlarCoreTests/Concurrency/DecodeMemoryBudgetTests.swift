import Dispatch
import Foundation
import Synchronization
import Testing

@testable import AshlarCore

/// The memory budget a build's rendition stage admits decodes by: what its workers hold at once
/// never passes the total, first come first served, and a request larger than the total is
/// refused rather than left waiting.
@Suite struct DecodeMemoryBudgetTests {
    /// `jobs` jobs of `bytes` each on `workers` threads, each holding its reservation a little
    /// while (so that without the budget the workers would overlap): the most that ran at once,
    /// and the most bytes held at once.
    static func run(jobs: Int, bytes: Int, workers: Int, budget: DecodeMemoryBudget) -> (jobs: Int, bytes: Int) {
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let held = Atomic<Int>(0)
        let mostHeld = Atomic<Int>(0)
        let admitted = Array(0..<jobs).parallelMap(workers: workers) { _ -> Bool in
            budget.withReservation(of: bytes) { () -> Void in
                _ = most.max(running.wrappingAdd(1, ordering: .relaxed).newValue, ordering: .relaxed)
                _ = mostHeld.max(held.wrappingAdd(bytes, ordering: .relaxed).newValue, ordering: .relaxed)
                usleep(2_000)
                held.wrappingSubtract(bytes, ordering: .relaxed)
                running.wrappingSubtract(1, ordering: .relaxed)
            } != nil
        }
        #expect(admitted.allSatisfy { $0 })
        return (most.load(ordering: .relaxed), mostHeld.load(ordering: .relaxed))
    }

    @Test func twoDecodesThatTogetherPassTheTotalNeverRunAtOnce() {
        let budget = DecodeMemoryBudget(total: 100)
        let (jobs, bytes) = Self.run(jobs: 24, bytes: 60, workers: 4, budget: budget)
        #expect(jobs == 1)
        #expect(bytes == 60)
        #expect(budget.available == 100 && budget.waitingCount == 0)
    }

    @Test(arguments: [(40, 2), (25, 4), (34, 2)])
    func decodesRunTogetherAsFarAsTheTotalAllows(bytes: Int, most: Int) {
        let budget = DecodeMemoryBudget(total: 100)
        let (jobs, held) = Self.run(jobs: 32, bytes: bytes, workers: 4, budget: budget)
        #expect(jobs <= most)
        #expect(held <= 100)
        #expect(budget.available == 100)
    }

    @Test func aDecodeOverTheTotalIsRefusedAtOnce() {
        let budget = DecodeMemoryBudget(total: 100)
        var ran = false
        #expect(budget.withReservation(of: 101) { ran = true } == nil)
        #expect(!ran)
        #expect(budget.withReservation(of: 100) { ran = true } != nil)
        #expect(ran)
        #expect(budget.available == 100)
    }

    /// A large request that does not fit yet is not overtaken by a small one that would: once the
    /// memory held before it is given back, it goes first, and the small one after it.
    @Test func aLargeDecodeIsNotPassedOverBySmallerOnes() {
        let budget = DecodeMemoryBudget(total: 100)
        #expect(budget.acquire(60))
        let order = Mutex<[String]>([])
        let queue = DispatchQueue(label: "budget-test", attributes: .concurrent)
        let done = DispatchGroup()
        func request(_ name: String, _ bytes: Int) {
            done.enter()
            queue.async {
                _ = budget.acquire(bytes)
                order.withLock { $0.append(name) }
                usleep(5_000)
                budget.release(bytes)
                done.leave()
            }
        }
        request("large", 100)
        while budget.waitingCount < 1 { usleep(1_000) }
        request("small", 30)
        while budget.waitingCount < 2 { usleep(1_000) }
        // 40 are free: enough for the small one, which still waits behind the large one.
        #expect(order.withLock { $0 }.isEmpty)
        budget.release(60)
        done.wait()
        #expect(order.withLock { $0 } == ["large", "small"])
        #expect(budget.available == 100 && budget.waitingCount == 0)
    }

    /// `workers` threads of their own (not a pool that may run fewer at once on a small machine)
    /// each take `bytes` and hold them until every thread that can has taken its share.
    static func holdTogether(workers: Int, bytes: Int, budget: DecodeMemoryBudget) {
        let taken = Atomic<Int>(0)
        let done = DispatchGroup()
        let fit = min(workers, budget.total / bytes)
        for _ in 0..<workers {
            done.enter()
            Thread {
                _ = budget.acquire(bytes)
                taken.wrappingAdd(1, ordering: .relaxed)
                while taken.load(ordering: .relaxed) < fit { usleep(500) }
                usleep(2_000)
                budget.release(bytes)
                done.leave()
            }.start()
        }
        done.wait()
    }

    static let mib = 1 << 20
    static let heldCases: [(Int, Int, Int, Int)] = [
        (100, 25, 4, 4), (100, 25, 8, 4), (100, 40, 4, 2), (100, 60, 3, 1), (1024 * mib, 256 * mib, 6, 4),
    ]

    @Test(arguments: heldCases)
    func countsTheMostDecodesHeldAtOnce(total: Int, bytes: Int, workers: Int, most: Int) {
        let budget = DecodeMemoryBudget(total: total)
        #expect(budget.mostAtOnce == 0)
        Self.holdTogether(workers: workers, bytes: bytes, budget: budget)
        #expect(budget.mostAtOnce == most)
        #expect(budget.available == total && budget.waitingCount == 0)
    }

    @Test func theCountIsTheMostEverHeldNotTheLast() {
        let budget = DecodeMemoryBudget(total: 100)
        #expect(budget.acquire(30) && budget.acquire(30) && budget.acquire(30))
        budget.release(30)
        budget.release(30)
        #expect(budget.acquire(30))
        #expect(budget.mostAtOnce == 3)
        budget.release(30)
        budget.release(30)
        #expect(budget.mostAtOnce == 3 && budget.available == 100)
    }

    /// A budget sized from the machine is never less than one photo's need: a larger request
    /// waits for the whole budget and runs alone, where a budget the user set refuses it.
    @Test func aBudgetThatRunsLargerDecodesAloneAdmitsThemOneAtATime() {
        let budget = DecodeMemoryBudget(total: 100, runsLargerAlone: true)
        var ran = false
        #expect(budget.withReservation(of: 250) { ran = true } != nil)
        #expect(ran && budget.available == 100)
        Self.holdTogether(workers: 3, bytes: 250, budget: budget)
        #expect(budget.mostAtOnce == 1)
        #expect(budget.acquire(250))
        #expect(budget.available == 0)
        budget.release(250)
        #expect(budget.available == 100)
        #expect(DecodeMemoryBudget(total: 0, runsLargerAlone: true).total == 1)
    }

    /// (total, runs larger alone, bytes, workers, admitted)
    static let admissionCases: [(Int, Bool, Int, Int, Int)] = [
        (4096 * mib, false, 256 * mib, 16, 16), (1024 * mib, false, 256 * mib, 16, 4),
        (1024 * mib, false, 300 * mib, 2, 2), (100, true, 150, 8, 1), (100, false, 150, 8, 0), (100, false, 0, 8, 8),
        (100, false, 10, 0, 0), (192 * mib, false, 64 * mib, 2, 2), (192 * mib, false, 100 * mib, 2, 1),
    ]

    @Test(arguments: admissionCases)
    func admittedAtOnceWithoutDecoding(total: Int, alone: Bool, bytes: Int, workers: Int, admitted: Int) {
        let budget = DecodeMemoryBudget(total: total, runsLargerAlone: alone)
        #expect(budget.admittedAtOnce(needing: bytes, workers: workers) == admitted)
    }
}
