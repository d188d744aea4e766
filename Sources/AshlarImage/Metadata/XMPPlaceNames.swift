/// The XMP properties, in any namespace, whose names say they hold a position or a place:
/// found by their local name (`prefix:Name`, as an attribute or an element), in one pass over
/// the packet. Text that merely mentions a word is not a property and does not count. Video
/// tools' names count too: Premiere's "Shot Location" (`xmpDM:shotLocation`), and a marker's
/// `xmpDM:location`.
enum XMPPlaceNames {
    /// Local names, lowercased, that hold a position or a place.
    static let placeNames: Set<String> = [
        "latitude", "longitude", "altitude", "decimallatitude", "decimallongitude", "verbatimlatitude",
        "verbatimlongitude", "verbatimcoordinates", "city", "state", "country", "countryname", "countrycode",
        "provincestate", "sublocation", "location", "locationcreated", "locationshown", "worldregion",
        "locality", "county", "municipality", "stateprovince", "island", "islandgroup", "waterbody",
        "locationname", "locationid", "gpslatitude", "gpslongitude", "gpsaltitude", "gpsposition",
        "shotlocation",
    ]

    /// Whether a property named for a position or a place appears in `xmp`: a name
    /// `prefix:Local` right after `<` or white space, followed by `=`, `>`, `/` or white space,
    /// whose local name is in ``placeNames`` or starts with `gps` (but is not `GPSVersionID`).
    static func appear(in xmp: [UInt8]) -> Bool {
        var index = 0
        let colon = UInt8(ascii: ":")
        while index < xmp.count {
            guard let found = xmp[index...].firstIndex(of: colon) else { return false }
            index = found + 1
            // The prefix before the colon, and what comes before it.
            var prefixStart = found
            while prefixStart > 0, isNameByte(xmp[prefixStart - 1]) { prefixStart -= 1 }
            guard prefixStart < found, prefixStart > 0,
                xmp[prefixStart - 1] == UInt8(ascii: "<") || JPEGMetadata.isSpace(xmp[prefixStart - 1])
            else { continue }
            var nameEnd = index
            while nameEnd < xmp.count, isNameByte(xmp[nameEnd]) { nameEnd += 1 }
            guard nameEnd > index, nameEnd - index <= 40 else { continue }
            if nameEnd < xmp.count {
                let next = xmp[nameEnd]
                guard
                    next == UInt8(ascii: "=") || next == UInt8(ascii: ">") || next == UInt8(ascii: "/")
                        || JPEGMetadata.isSpace(next)
                else { continue }
            }
            let name = String(decoding: xmp[index..<nameEnd], as: UTF8.self).lowercased()
            if placeNames.contains(name) || (name.hasPrefix("gps") && name != "gpsversionid") { return true }
            index = nameEnd
        }
        return false
    }

    /// Name characters of a prefix or local name: ASCII letters, digits, `_ - .` and any
    /// non-ASCII byte.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: ":") && JPEGMetadata.isNameByte(byte)
    }
}
