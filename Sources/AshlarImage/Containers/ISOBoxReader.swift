/// ISO BMFF boxes (ISO/IEC 14496-12): the one reader of box headers behind AVIF, CR3, MP4 and
/// QuickTime. It reads one header at a time from a `ByteWindow`, so a caller decides which boxes
/// to read whole.
package enum ISOBoxReader {
    /// One box: its four-character type and where its header, payload and end lie.
    package struct Box: Equatable, Sendable {
        /// The type, one character a byte (ISO 8859-1), so QuickTime's `©xyz` reads as "©xyz".
        package var type: String
        package var start: Int
        /// Where the children or fields begin: after the header, and after the version and flags
        /// of a full `meta` box.
        package var payloadStart: Int
        package var end: Int
        /// 8, or 16 with a 64-bit size.
        var headerSize = 8

        package init(type: String, start: Int, payloadStart: Int, end: Int, headerSize: Int = 8) {
            self.type = type
            self.start = start
            self.payloadStart = payloadStart
            self.end = end
            self.headerSize = headerSize
        }

        /// The same box `distance` bytes further on.
        func shifted(by distance: Int) -> Box {
            Box(
                type: type, start: start + distance, payloadStart: payloadStart + distance, end: end + distance,
                headerSize: headerSize)
        }
    }

    /// What the bytes at a box's start say.
    package enum Header: Equatable {
        case box(Box)
        /// The header continues past the window: at least this many bytes are needed.
        case needs(Int)
        case damaged(type: String, Damage)
    }

    package enum Damage: Equatable {
        /// The size is smaller than the header.
        case tooSmall(size: Int)
        /// A 64-bit size beyond what the caller accepts.
        case tooLarge
        /// The box runs past the end of its container.
        case overruns
    }

    /// Boxes per container beyond this are not read.
    package static let maximumBoxes = 10_000

    /// Reads the header at `offset`.
    /// - Parameters:
    ///   - end: where the container (or file) ends: a box of size 0 runs to it, and no box may run
    ///     past it. Nil when unknown (a prefix of a file of unknown length): size 0 then runs to
    ///     the window's end, and boxes may run past it.
    ///   - largest: the largest 64-bit size accepted.
    package static func header(_ file: ByteWindow, at offset: Int, end: Int?, largest: Int = Int(Int32.max)) -> Header {
        guard let size32 = file.u32(offset), let typeBytes = file.slice(offset + 4, count: 4) else {
            return .needs(offset + 16)
        }
        let type = String(String.UnicodeScalarView(typeBytes.map { Unicode.Scalar($0) }))
        var headerSize = 8
        var size = Int(size32)
        if size32 == 1 {
            guard let large = file.u64(offset + 8) else { return .needs(offset + 16) }
            guard large <= UInt64(largest) else { return .damaged(type: type, .tooLarge) }
            size = Int(large)
            headerSize = 16
        } else if size32 == 0 {
            size = (end ?? file.count) - offset
        }
        guard size >= headerSize else { return .damaged(type: type, .tooSmall(size: size)) }
        if let end, offset > end - size { return .damaged(type: type, .overruns) }
        var payloadStart = offset + headerSize
        if type == "meta", isFullBox(file, meta: payloadStart, end: offset + size) { payloadStart += 4 }
        return .box(
            Box(type: type, start: offset, payloadStart: payloadStart, end: offset + size, headerSize: headerSize))
    }

    /// Whether a `meta` box whose header ends at `payload` is a full box (ISO BMFF: version and
    /// flags come first) rather than QuickTime's plain container, whose first child (`hdlr`)
    /// starts at once: it is QuickTime's when the first four bytes are a plausible child size and
    /// the next four a printable type.
    private static func isFullBox(_ file: ByteWindow, meta payload: Int, end: Int) -> Bool {
        guard let size = file.u32(payload), size >= 8, Int(size) <= end - payload,
            let type = file.slice(payload + 4, count: 4), type.allSatisfy({ (0x20...0x7E).contains($0) })
        else { return true }
        return false
    }

    /// The boxes inside `parent`'s payload, or nil when one of them does not fit.
    package static func children(_ file: ByteWindow, of parent: Box) -> [Box]? {
        var boxes: [Box] = []
        var offset = parent.payloadStart
        while offset < parent.end {
            guard boxes.count < maximumBoxes, offset <= parent.end - 8,
                case .box(let box) = header(file, at: offset, end: parent.end)
            else { return nil }
            boxes.append(box)
            offset = box.end
        }
        return boxes
    }
}
