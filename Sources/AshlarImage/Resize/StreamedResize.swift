/// ``Resampler/resize(_:width:height:)`` of a photo turned upright (``PixelImage/oriented(_:)``),
/// made from the photo's rows as they are decoded, top to bottom, without holding the photo or
/// its turned copy: the same bytes, in a few dozen rows' memory and the output's.
///
/// The resize is the resampler's two passes of a column filter, whose sums are of whole rows
/// times one weight each; the same integer sums in any order are the same integers, so a pass
/// can start on an output row as soon as the input rows its taps read have arrived and forget
/// those no later output reads. The eight orientations are two cases, after flips that the
/// resize commutes with (``ResampleWeights/mirrored(inputSize:)``; the output is flipped back
/// at the end, in place): turned upright and flipped, the photo is its rows as decoded
/// (orientations 1–4, `rows`) or their transpose (5–8, `transposed`).
///
/// - `rows`: the first pass, down the columns, takes a window of decoded rows and makes ``band``
///   output rows at a time (transposed, into a small band); the second pass resizes the band's
///   rows into the output.
/// - `transposed`: the photo's rows are its upright columns. ``band`` decoded rows at a time
///   are transposed into a small block whose first pass (down the upright columns: along the
///   decoded rows) makes a row of the intermediate image per decoded row; the second pass, down
///   those, takes a window of them and makes output columns as soon as their taps have arrived.
///
/// Formats without alpha only (a JPEG's): the alpha path premultiplies through 16-bit samples.
final class StreamedResize {
    /// Output rows (`rows`) or decoded rows (`transposed`) filtered together.
    static let band = 32

    private enum Work {
        /// The output is the photo, turned: each decoded row copied into place.
        case collect
        case rows(window: RowWindow<UInt8>, band: OwnedBuffer<Int16>)
        case transposed(block: OwnedBuffer<UInt8>, window: RowWindow<Int16>)
    }

    let sourceWidth: Int
    let sourceHeight: Int
    let channels: Int
    let format: PixelFormat
    let targetWidth: Int
    let targetHeight: Int
    private let transposes: Bool
    private let flipsRows: Bool
    private let flipsColumns: Bool
    /// The first pass's taps (down the flipped upright image's columns) and the second's.
    private let columns: ResampleWeights
    private let rows: ResampleWeights
    private let columnsFirstNeeded: [Int]
    private let rowsFirstNeeded: [Int]
    private var work: Work
    private var output: [UInt8]
    private let accumulator: OwnedBuffer<Int32>
    /// The next output row (`rows`) or column (`transposed`) to make.
    private var next = 0
    /// Decoded rows in the `transposed` block.
    private var blockRows = 0
    private var blockFirst = 0

    /// A resize of a `width` × `height` photo of `format` (no alpha), turned by EXIF
    /// `orientation`, to `targetWidth` × `targetHeight` (each at least 1), as upright.
    init(
        width: Int, height: Int, format: PixelFormat, orientation: Int, targetWidth: Int, targetHeight: Int
    ) {
        precondition(!format.hasAlpha && width > 0 && height > 0)
        let orientation = (1...8).contains(orientation) ? orientation : 1
        sourceWidth = width
        sourceHeight = height
        self.format = format
        channels = format.channels
        transposes = orientation >= 5
        flipsColumns = [2, 3, 6, 7].contains(orientation)
        flipsRows = [3, 4, 7, 8].contains(orientation)
        let upright = transposes ? (width: height, height: width) : (width: width, height: height)
        self.targetWidth = max(targetWidth, 1)
        self.targetHeight = max(targetHeight, 1)
        output = [UInt8](repeating: 0, count: self.targetWidth * self.targetHeight * channels)
        (columns, rows) = Self.weights(
            upright: upright, orientation: orientation, targetWidth: self.targetWidth, targetHeight: self.targetHeight)
        columnsFirstNeeded = columns.firstNeeded(inputSize: upright.height)
        rowsFirstNeeded = rows.firstNeeded(inputSize: upright.width)
        accumulator = OwnedBuffer(uninitializedCount: Resampler.block * Resampler.strip * channels)
        if self.targetWidth == upright.width && self.targetHeight == upright.height {
            work = .collect
        } else if !transposes {
            let held = Self.windowRows(columns, firstNeeded: columnsFirstNeeded, arriving: 1, together: Self.band)
            work = .rows(
                window: RowWindow(rowSamples: width * channels, capacity: held),
                band: OwnedBuffer(uninitializedCount: width * Self.band * channels))
        } else {
            let held = Self.windowRows(rows, firstNeeded: rowsFirstNeeded, arriving: Self.band, together: 1)
            work = .transposed(
                block: OwnedBuffer(uninitializedCount: width * Self.band * channels),
                window: RowWindow(rowSamples: self.targetHeight * channels, capacity: held))
        }
    }

    /// The taps of the first pass (down the columns of the photo upright, flipped as it is
    /// decoded) and of the second (along its rows).
    static func weights(
        upright: (width: Int, height: Int), orientation: Int, targetWidth: Int, targetHeight: Int
    ) -> (columns: ResampleWeights, rows: ResampleWeights) {
        let columns = ResampleWeights(inputSize: upright.height, outputSize: targetHeight)
        let rows = ResampleWeights(inputSize: upright.width, outputSize: targetWidth)
        return (
            [3, 4, 7, 8].contains(orientation) ? columns.mirrored(inputSize: upright.height) : columns,
            [2, 3, 6, 7].contains(orientation) ? rows.mirrored(inputSize: upright.width) : rows
        )
    }

    /// The most rows a window holds for a pass with `weights`, its inputs arriving `arriving` at
    /// a time, outputs made `together` at a time once all their taps have arrived (fewer at the
    /// end), and the inputs no later output reads dropped.
    static func windowRows(_ weights: ResampleWeights, firstNeeded: [Int], arriving: Int, together: Int) -> Int {
        let outputs = weights.starts.count
        let inputs = firstNeeded[outputs]
        var next = 0
        var first = 0
        var most = 0
        var end = 0
        while next < outputs && end < inputs {
            let arrived = end
            end = min(end + arriving, inputs)
            // Rows arrive together even where the window would already have dropped the first.
            most = max(most, end - min(first, arrived))
            while next < outputs {
                let last = min(next + together, outputs)
                guard (next..<last).allSatisfy({ weights.end($0) <= end }) else { break }
                next = last
            }
            first = max(first, firstNeeded[next])
        }
        return most
    }

    /// Whether a window had to grow past the rows ``windowRows(_:firstNeeded:arriving:together:)``
    /// sized it for (never, unless that is wrong: the tests check it).
    var windowGrew: Bool {
        switch work {
        case .collect: false
        case .rows(let window, _): window.grew
        case .transposed(_, let window): window.grew
        }
    }

    /// Takes `count` decoded rows from row `first` on (rows come in order, each once), `pixels`
    /// holding them one after another.
    func take(first: Int, count: Int, _ pixels: UnsafePointer<UInt8>) {
        let rowSamples = sourceWidth * channels
        for index in 0..<count {
            take(row: first + index, pixels + index * rowSamples)
        }
    }

    private func take(row: Int, _ pixels: UnsafePointer<UInt8>) {
        switch work {
        case .collect:
            output.withUnsafeMutableBufferPointer { target in
                let base = target.baseAddress!
                if !transposes {
                    (base + row * sourceWidth * channels).update(from: pixels, count: sourceWidth * channels)
                } else {
                    // Upright (and flipped) pixel (row, x) is decoded pixel (x, row).
                    let stride = sourceHeight * channels
                    var to = base + row * channels
                    var from = pixels
                    for _ in 0..<sourceWidth {
                        to.update(from: from, count: channels)
                        to += stride
                        from += channels
                    }
                }
            }
        case .rows(let window, let band):
            guard next < targetHeight, row >= columnsFirstNeeded[next] else { return }
            window.room(for: 1, startingAt: row).update(from: pixels, count: sourceWidth * channels)
            window.didAppend(1)
            makeRows(window, band)
        case .transposed(let block, let window):
            if blockRows == 0 { blockFirst = row }
            // The block is `band` pixels wide and `sourceWidth` high: decoded row `row` is its column.
            let stride = Self.band * channels
            var to = block.base + blockRows * channels
            var from = pixels
            for _ in 0..<sourceWidth {
                to.update(from: from, count: channels)
                to += stride
                from += channels
            }
            blockRows += 1
            if blockRows == Self.band || row == sourceHeight - 1 { makeColumns(block, window) }
        }
    }

    /// `rows`: while the window holds the rows the next band of output rows reads, makes them.
    private func makeRows(_ window: RowWindow<UInt8>, _ band: OwnedBuffer<Int16>) {
        while next < targetHeight {
            let last = min(next + Self.band, targetHeight)
            let needed = (next..<last).reduce(0) { max($0, columns.end($1)) }
            guard window.end >= needed else { return }
            let count = last - next
            // 8 bits in; 7 fraction bits kept between the passes (at most 255 · 128); 8 bits out.
            Resampler.columnPass(
                window.base, width: sourceWidth, channels: channels, columns, outputs: next..<last,
                firstRow: window.first, band.base, targetStride: count * channels,
                shift: 7, maximum: 255 * 128, accumulator.base)
            output.withUnsafeMutableBufferPointer { target in
                Resampler.columnPass(
                    UnsafePointer(band.base), width: count, channels: channels, rows,
                    outputs: 0..<targetWidth, firstRow: 0, target.baseAddress! + next * targetWidth * channels,
                    targetStride: targetWidth * channels, shift: 21, maximum: 255, accumulator.base)
            }
            next = last
            window.drop(before: columnsFirstNeeded[next])
        }
    }

    /// `transposed`: makes the block's rows of the intermediate image, then every output column
    /// whose rows of it have all arrived.
    private func makeColumns(_ block: OwnedBuffer<UInt8>, _ window: RowWindow<Int16>) {
        let count = blockRows
        blockRows = 0
        if count < Self.band {
            // The last block, narrower: its rows closed up to `count` pixels (moving forward
            // never overwrites a pixel not yet moved).
            for y in 1..<sourceWidth {
                (block.base + y * count * channels).update(
                    from: block.base + y * Self.band * channels, count: count * channels)
            }
        }
        let rowSamples = targetHeight * channels
        let room = window.room(for: count, startingAt: blockFirst)
        Resampler.columnPass(
            UnsafePointer(block.base), width: count, channels: channels, columns, outputs: 0..<targetHeight,
            firstRow: 0, room, targetStride: rowSamples, shift: 7, maximum: 255 * 128, accumulator.base)
        window.didAppend(count)
        var last = next
        while last < targetWidth && rows.end(last) <= window.end { last += 1 }
        guard last > next else { return }
        output.withUnsafeMutableBufferPointer { target in
            Resampler.columnPass(
                window.base, width: targetHeight, channels: channels, rows, outputs: next..<last,
                firstRow: window.first, target.baseAddress! + next * channels,
                targetStride: targetWidth * channels, shift: 21, maximum: 255, accumulator.base)
        }
        next = last
        window.drop(before: rowsFirstNeeded[next])
    }

    /// The resized photo, upright, once every decoded row has been taken.
    func finish() -> PixelImage {
        var pixels = output
        output = []
        if flipsRows || flipsColumns {
            pixels.withUnsafeMutableBufferPointer { buffer in
                Self.flip(
                    buffer.baseAddress!, width: targetWidth, height: targetHeight, channels: channels,
                    rows: flipsRows, columns: flipsColumns)
            }
        }
        return PixelImage(width: targetWidth, height: targetHeight, format: format, pixels: pixels)
    }

    /// Turns an image upside down (`rows`) and mirrors it left–right (`columns`), in place.
    static func flip(
        _ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, channels: Int, rows: Bool, columns: Bool
    ) {
        let rowSamples = width * channels
        if rows {
            for y in 0..<height / 2 {
                let top = pixels + y * rowSamples
                let bottom = pixels + (height - 1 - y) * rowSamples
                for index in 0..<rowSamples { swap(&top[index], &bottom[index]) }
            }
        }
        if columns {
            for y in 0..<height {
                let row = pixels + y * rowSamples
                for x in 0..<width / 2 {
                    let left = row + x * channels
                    let right = row + (width - 1 - x) * channels
                    for channel in 0..<channels { swap(&left[channel], &right[channel]) }
                }
            }
        }
    }
}
