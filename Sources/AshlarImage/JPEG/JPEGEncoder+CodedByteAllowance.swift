extension JPEGEncoder {
    /// The most entropy-coded bytes one block may take in a file the encoder writes. A photograph
    /// takes 5 to 35 at quality 100 (its renditions at most 0.8 bytes a pixel with 4:2:0); only
    /// noise-like pixels coded at a high quality come near it. Bounding the coded data bounds the
    /// encoder's output buffers, which is what ``memoryNeeded(width:height:format:subsampling:headerBytes:bytesPerBlock:)``
    /// counts, instead of the format's worst case: 418 bytes (a DC difference of at most 16 bits
    /// of code and 11 of value, and at most 63 AC symbols of 16 and 10, 1,665 bits, twice over
    /// for a zero stuffed after every `FF` byte).
    /// (The default of ``ImageLimits/maxCodedBytesPerBlock``.)
    public static let codedBytesPerBlockLimit = 80

    /// The bytes the bit writers of one encode may still allocate, shared by every scan's writer:
    /// each charges its buffer here as it grows. A writer that would pass it marks the allowance
    /// ``exceeded`` and goes on writing over its own start, and the encoder tries again at a lower
    /// quality (``encodeWithinBound(_:quality:subsampling:iccProfile:settings:script:bytesPerBlock:)``).
    ///
    /// A class, so the writers of one encode share it; it never leaves that encode's thread.
    final class CodedByteAllowance {
        /// The bytes allowed in all.
        let bytes: Int
        private(set) var remaining: Int
        private(set) var exceeded = false

        init(bytes: Int) {
            self.bytes = max(bytes, 0)
            remaining = self.bytes
        }

        /// Whether `count` bytes of coded data passed the allowance (each writer holds at least
        /// 64 bytes whatever is left, so its data is measured too).
        func isPassed(by count: Int) -> Bool {
            if count > bytes { exceeded = true }
            return exceeded
        }

        /// Up to `bytes` more: as many as are left.
        func take(upTo bytes: Int) -> Int {
            let granted = min(max(bytes, 0), remaining)
            remaining -= granted
            return granted
        }

        /// A writer needed more than was left: what this encode wrote is discarded.
        func markExceeded() { exceeded = true }
    }
}
