import AshlarImage
import Foundation

extension QualityBenchmark {
    func printHeader(_ references: [ReferenceEncoder]) {
        print(
            """
            quality: SSIMULACRA2 (100: identical, 90: visually lossless, 70: high, 50: medium) and bytes;
              quality \(quality), 4:2:0, no ICC profile; reference: a full decode resized by the Resampler
            """)
        for index in chosen {
            let (name, settings) = Self.variants[index]
            let described = Mirror(reflecting: settings).children.map { "\($0.label ?? "") \($0.value)" }
            print("  \(name.padded(19)) JPEGEncoder.encode, " + described.joined(separator: ", "))
        }
        let widths = sweepWidths.filter(widths.contains).map(String.init).joined(separator: ", ")
        print("  sweeps at \(widths.isEmpty ? "no width" : widths + " px"), each decoded and scored:")
        for encoder in ReferenceEncoder.allCases {
            guard references.contains(encoder) else {
                print("  \(encoder.label.padded(19)) not installed (\(encoder.tools.joined(separator: ", ")))")
                continue
            }
            let qualities = (sweeps[encoder] ?? []).map(String.init).joined(separator: ",")
            print("  \(encoder.label.padded(19)) Q = \(qualities)")
            print("    " + encoder.commandLine)
        }
        print(
            """
              ÷cjpeg: a variant's bytes over cjpeg's at the variant's score; ÷today: bytes over today's;
              at today's score: each sweep's bytes at today's score over today's bytes. Bytes at a score
              are interpolated in log(bytes) between the two sweep points whose scores bracket it;
              '<' or '>': the score is below or above the whole sweep.
            """)
    }

    func printPhoto(_ photo: PhotoResult, references: [ReferenceEncoder]) {
        print(photo.name)
        for at in photo.widths {
            for (index, variant) in at.variants.enumerated() {
                let lead = index == 0 ? "\(String(at.width).leftPadded(6)) px" : String(repeating: " ", count: 9)
                var line =
                    "\(lead)  \(variant.name.padded(12)) \(variant.bytes.grouped.leftPadded(10)) B"
                    + "  \(Measure.format(variant.score, 2).leftPadded(6))"
                    + "  \(Measure.format(variant.millisecondsPerMegapixel, 1).leftPadded(5)) ms/MP"
                if let cjpeg = at.sweeps[.cjpeg] {
                    line += "  ÷cjpeg " + Self.ratio(at.cjpegRatio(variant), cjpeg.position(of: variant.score))
                }
                if index > 0 {
                    line += "  ÷today " + Measure.format(Double(variant.bytes) / Double(at.today.bytes), 3)
                }
                print(line)
            }
            let others = references.filter { $0 != .cjpeg && at.sweeps[$0] != nil }
            if !others.isEmpty {
                let parts = others.map { encoder in
                    let sweep = at.sweeps[encoder] ?? QualitySweep(points: [])
                    return
                        "\(encoder.label) \(Self.ratio(at.ratioToToday(encoder), sweep.position(of: at.today.score)))"
                }
                print("           at today's score: " + parts.joined(separator: "  "))
            }
        }
    }

    func printMedians(_ photos: [PhotoResult], references: [ReferenceEncoder]) {
        for width in widths {
            let at = photos.flatMap(\.widths).filter { $0.width == width }
            guard !at.isEmpty else { continue }
            print("medians at \(width) px, \(at.count) photos")
            print("  variant             bytes   score  ms/MP  ÷cjpeg (inside)     ÷today  score < today's")
            for (index, name) in at[0].variants.map(\.name).enumerated() {
                let variants = at.map { $0.variants[index] }
                let cjpeg = at.compactMap { $0.cjpegRatio($0.variants[index]) }
                let today = at.map { Double($0.variants[index].bytes) / Double($0.today.bytes) }
                let worse = at.filter { $0.variants[index].score < $0.today.score }.count
                let bytes = Int(Self.median(variants.map { Double($0.bytes) }))
                var line = "  " + name.padded(13) + bytes.grouped.leftPadded(11)
                line += Measure.format(Self.median(variants.map(\.score)), 2).leftPadded(8)
                line += Measure.format(Self.median(variants.map(\.millisecondsPerMegapixel)), 1).leftPadded(7)
                line +=
                    "  "
                    + ((cjpeg.isEmpty ? "    –" : Measure.format(Self.median(cjpeg), 3))
                    + " (\(cjpeg.count) of \(at.count))").padded(20)
                line += Measure.format(Self.median(today), 3) + "   \(worse) of \(at.count)"
                print(line)
            }
            let swept = at.filter { !$0.sweeps.isEmpty }
            guard !swept.isEmpty else { continue }
            print("  at today's score   bytes ÷ today  photos inside the sweep")
            for encoder in references {
                let ratios = swept.compactMap { $0.ratioToToday(encoder) }
                let positions = swept.map {
                    ($0.sweeps[encoder] ?? QualitySweep(points: [])).position(of: $0.today.score)
                }
                let below = positions.filter { $0 == .below }.count
                let above = positions.filter { $0 == .above }.count
                var line = "  \(encoder.label.padded(19))"
                line += (ratios.isEmpty ? "    –" : Measure.format(Self.median(ratios), 3)).leftPadded(11).padded(15)
                line += "\(ratios.count) of \(swept.count)"
                if below + above > 0 { line += " (\(below) below, \(above) above)" }
                print(line)
            }
        }
    }

    /// A ratio, or where the score fell when it is outside the sweep.
    static func ratio(_ value: Double?, _ position: QualitySweep.Position) -> String {
        if let value { return Measure.format(value, 3) }
        return position == .below ? "<sweep" : ">sweep"
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension String {
    fileprivate func leftPadded(_ length: Int) -> String {
        String(repeating: " ", count: max(0, length - count)) + self
    }

    fileprivate func padded(_ length: Int) -> String {
        count >= length ? self + " " : padding(toLength: length, withPad: " ", startingAt: 0)
    }
}

extension Int {
    /// `662842` as `662,842`.
    fileprivate var grouped: String {
        let digits = String(self.magnitude)
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return self < 0 ? "-" + text : text
    }
}
