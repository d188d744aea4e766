/// The middle of a list of measurements: robust to the one run a busy machine slowed down.
enum Median {
    /// The middle value (of an even count, the mean of the two middle ones); 0 for none.
    static func of(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
