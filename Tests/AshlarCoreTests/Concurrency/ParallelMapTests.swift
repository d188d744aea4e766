import Testing

@testable import AshlarCore

@Suite struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 7, 1000, 10_007])
    func keepsTheInputOrder(count: Int) {
        let input = Array(0..<count)
        #expect(input.parallelMap { $0 * 3 + 1 } == input.map { $0 * 3 + 1 })
    }
}
