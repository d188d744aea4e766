extension CameraName {
    /// The lens as its `<dl>` shows it: without the camera's model in front, which phones repeat
    /// ("iPhone 13 Pro back triple camera 5.7mm f/1.5" on an iPhone 13 Pro reads "Back triple
    /// camera 5.7mm f/1.5") when the rest starts in lower case, as phones write it; nil when empty.
    static func lens(_ lens: String?, model: String?) -> String? {
        guard let lens = lens?.trimmingSpaces, !lens.isEmpty else { return nil }
        guard let model = model?.trimmingSpaces, !model.isEmpty, lens.count > model.count + 1,
            lens.lowercased().hasPrefix(model.lowercased() + " ")
        else { return lens }
        let rest = lens.dropFirst(model.count + 1).drop { $0 == " " }
        // Phones go on in lower case ("back camera", "front camera"); "iPhone 13 Pro Max …" on an
        // "iPhone 13 Pro" is another model's name, kept whole.
        guard let first = rest.first, first.isLowercase else { return lens }
        return first.uppercased() + rest.dropFirst()
    }

    /// "35 mm", or with the 35 mm equivalent when it differs (phones, compacts, crop sensors):
    /// "5.7 mm (26 mm equiv.)"; "26 mm equiv." alone when only that is known.
    static func focalLength(_ focal: Double?, equivalent: Double?) -> String? {
        let focal = focal.flatMap { $0 > 0 ? CSSNumber.format($0, digits: 1) : nil }
        let equivalent = equivalent.flatMap { $0 > 0 ? CSSNumber.format($0.rounded(), digits: 0) : nil }
        switch (focal, equivalent) {
        case (let focal?, let equivalent?) where focal != equivalent: return "\(focal) mm (\(equivalent) mm equiv.)"
        case (let focal?, _): return "\(focal) mm"
        case (nil, let equivalent?): return "\(equivalent) mm equiv."
        case (nil, nil): return nil
        }
    }

    /// Exposure compensation as cameras show it, in thirds or halves of a stop where it is one
    /// ("+1/3 EV", "−1 2/3 EV", "+1/2 EV", "+2 EV"), else to a tenth ("+0.4 EV"); nil when it
    /// rounds to zero. Cameras that write tenths mean thirds by 0.3 and 0.7, so a value within
    /// 0.037 EV of a third is one. The minus is U+2212.
    static func exposureCompensation(_ value: Double) -> String? {
        guard value.isFinite, abs(value) >= 0.05 else { return nil }
        let sign = value < 0 ? "\u{2212}" : "+"
        let magnitude = abs(value)
        for (denominator, tolerance) in [(3, 0.11), (2, 0.05)] {
            let parts = (magnitude * Double(denominator)).rounded()
            guard abs(magnitude * Double(denominator) - parts) < tolerance else { continue }
            let whole = Int(parts) / denominator
            let remainder = Int(parts) % denominator
            let fraction = remainder == 0 ? "" : "\(remainder)/\(denominator)"
            let number = whole == 0 ? fraction : remainder == 0 ? "\(whole)" : "\(whole) \(fraction)"
            return "\(sign)\(number) EV"
        }
        return "\(sign)\(CSSNumber.format(magnitude, digits: 1)) EV"
    }
}
