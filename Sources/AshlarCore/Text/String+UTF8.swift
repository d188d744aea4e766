extension String {
    /// Whether every UTF-8 byte of the string passes `test`, checked in the string's own storage
    /// when it can lend it (a loop over `utf8` steps an index per byte): a build checks output
    /// paths and names by the 10,000s.
    func allUTF8(_ test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? utf8.allSatisfy(test)
    }
}
