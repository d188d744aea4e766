/// The arithmetic decoding engine of H.265 §9.3.4.3: context-coded bins (DecodeDecision), bypass
/// bins and the terminating bin, over the bytes of one slice segment's data (emulation prevention
/// already removed).
///
/// The 9-bit `ivlOffset` of the spec is kept at the top of a 64-bit window, above `pending` bits
/// already read from the data but not yet shifted into the offset; a renormalisation only lowers
/// `pending`, and the window is refilled a byte at a time when fewer than 8 bits are left. Past the
/// end of the data it reads zero bytes and ``isExhausted`` turns true: a decoder checks it rather
/// than trusting what followed. All arithmetic wraps, so no input can trap.
package struct HEVCCABACDecoder: Sendable {
    private let data: [UInt8]
    private let end: Int
    /// The next byte to read into the window; grows past `end` while zero bytes are fed.
    private var position: Int
    private var range: UInt64 = 510
    /// `ivlOffset << pending`, plus the pending bits below it.
    private var window: UInt64 = 0
    private var pending = 0
    /// Bins decoded since initialisation, for callers that bound their work.
    package private(set) var binCount = 0
    /// The first nine bits gave an offset of 510 or 511, which no conforming stream does.
    package private(set) var hadInvalidOffset = false

    private let lpsRange: [UInt8]
    private let nextState: [UInt8]

    /// A decoder reading `data[start..<end]` (the whole array when `end` is nil), initialised as
    /// §9.3.2.5 says: range 510, offset from the first nine bits.
    package init(data: [UInt8], start: Int = 0, end: Int? = nil) {
        self.data = data
        let stop = min(max(end ?? data.count, 0), data.count)
        self.end = stop
        self.position = min(max(start, 0), stop)
        self.lpsRange = Self.rangeTabLps
        self.nextState = Self.stateTransitions
        initialise()
    }

    /// Starts the engine again at byte `start` (after PCM samples, or at the next substream's
    /// entry point), keeping the data; the context variables are the caller's.
    package mutating func restart(at start: Int) {
        position = min(max(start, 0), end)
        initialise()
    }

    private mutating func initialise() {
        range = 510
        window = 0
        pending = -9
        refill()
        if window &>> UInt64(pending) >= 510 { hadInvalidOffset = true }
    }

    /// Whether some of the bits used so far lay past the end of the data.
    package var isExhausted: Bool { position &* 8 &- pending > end &* 8 }

    /// The index of the first byte not yet (even partly) used by the engine: after a terminating
    /// bin equal to 1, where PCM samples or the next substream begin (§9.3.2.5: the last bit the
    /// engine read is the one before the alignment to a byte).
    package var bytePosition: Int { (position &* 8 &- pending &+ 7) >> 3 }

    @inline(__always)
    private mutating func refill() {
        while pending <= 47 {
            let byte = position < end ? UInt64(data[position]) : 0
            window = window &<< 8 | byte
            position &+= 1
            pending &+= 8
        }
    }

    /// One context-coded bin (§9.3.4.3.2); `state` is the context variable as
    /// `pStateIdx << 1 | valMps`, updated in place.
    @inline(__always)
    package mutating func decodeDecision(_ state: inout UInt8) -> Int {
        binCount &+= 1
        if pending < 8 { refill() }
        let s = Int(state)
        let lps = UInt64(lpsRange[(s &>> 1) &<< 2 | Int((range &>> 6) & 3)])
        range &-= lps
        let scaled = range &<< UInt64(pending)
        var bin: Int
        if window < scaled {
            bin = s & 1
            state = nextState[s]
            if range < 256 {
                range &<<= 1
                pending &-= 1
            }
        } else {
            window &-= scaled
            bin = (s & 1) ^ 1
            state = nextState[s | 128]
            let shift = lps.leadingZeroBitCount &- 55
            range = lps &<< UInt64(shift)
            pending &-= shift
        }
        return bin
    }

    /// One bypass bin (§9.3.4.3.4).
    @inline(__always)
    package mutating func decodeBypass() -> Int {
        binCount &+= 1
        if pending < 8 { refill() }
        pending &-= 1
        let scaled = range &<< UInt64(pending)
        if window >= scaled {
            window &-= scaled
            return 1
        }
        return 0
    }

    /// `count` (0...32) bypass bins read as an unsigned number, first bin most significant: the
    /// fixed-length and Exp-Golomb suffixes.
    @inline(__always)
    package mutating func decodeBypassBins(_ count: Int) -> Int {
        var value = 0
        var left = min(max(count, 0), 32)
        while left > 0 {
            let n = min(left, 8)
            binCount &+= n
            if pending < 8 { refill() }
            for _ in 0..<n {
                pending &-= 1
                let scaled = range &<< UInt64(pending)
                value &<<= 1
                if window >= scaled {
                    window &-= scaled
                    value |= 1
                }
            }
            left &-= n
        }
        return value
    }

    /// The terminating bin (§9.3.4.3.5): end_of_slice_segment_flag, end_of_subset_one_bit,
    /// pcm_flag. After a 1 the engine stops; ``bytePosition`` says where the next data begins.
    package mutating func decodeTerminate() -> Int {
        binCount &+= 1
        if pending < 8 { refill() }
        range &-= 2
        let scaled = range &<< UInt64(pending)
        if window >= scaled { return 1 }
        if range < 256 {
            range &<<= 1
            pending &-= 1
        }
        return 0
    }
}
