import Testing

@testable import AshlarCore

/// Cameras named as photographers name them: the make once, without the company's suffix.
@Suite struct CameraNameTests {
    @Test(arguments: [
        ("SONY", "ILCE-7RM3", "SONY ILCE-7RM3"),
        ("Canon", "Canon EOS R5", "Canon EOS R5"),
        ("NIKON CORPORATION", "NIKON Z 6", "NIKON Z 6"),
        ("NIKON CORPORATION", "COOLPIX P1000", "NIKON COOLPIX P1000"),
        ("Apple", "iPhone 13 Pro", "Apple iPhone 13 Pro"),
        ("LEICA CAMERA AG", "LEICA Q2", "LEICA Q2"),
        ("Leica Camera AG", "M11", "Leica M11"),
        ("FUJIFILM", "X-T4", "FUJIFILM X-T4"),
        ("OLYMPUS CORPORATION", "E-M1MarkII", "OLYMPUS E-M1MarkII"),
        ("OLYMPUS IMAGING CORP.", "E-M5", "OLYMPUS E-M5"),
        ("OLYMPUS OPTICAL CO.,LTD", "C3040Z", "OLYMPUS C3040Z"),
        (
            "EASTMAN KODAK COMPANY", "KODAK EASYSHARE C813 ZOOM DIGITAL CAMERA",
            "KODAK EASYSHARE C813 ZOOM DIGITAL CAMERA"
        ),
        ("RICOH IMAGING COMPANY, LTD.", "PENTAX K-1", "RICOH PENTAX K-1"),
        ("Panasonic", "DC-G9", "Panasonic DC-G9"),
        ("Google", "Pixel 7", "Google Pixel 7"),
        ("samsung", "SM-G991B", "samsung SM-G991B"),
        ("DJI", "FC3582", "DJI FC3582"),
        ("Hasselblad", "L1D-20c", "Hasselblad L1D-20c"),
        ("Canon", "", "Canon"),
        (" ", "iPhone 13 Pro", "iPhone 13 Pro"),
        ("  SONY  ", "  ILCE-7RM3 ", "SONY ILCE-7RM3"),
    ])
    func makeIsSaidOnce(_ make: String, _ model: String, _ expected: String) {
        #expect(CameraName.joined(make: make, model: model) == expected)
    }

    @Test func nothingKnownIsNoName() {
        #expect(CameraName.joined(make: nil, model: nil) == nil)
        #expect(CameraName.joined(make: " ", model: "") == nil)
    }

    /// The details a photo page lists, as photographers write them, whichever source gave them.
    @Test(arguments: [
        (35.0, 1.8, "1/4000", 1250, ["35 mm", "f/1.8", "1/4000 s", "ISO 1250"]),
        (5.7, 1.5, "1/120", 50, ["5.7 mm", "f/1.5", "1/120 s", "ISO 50"]),
        (50.0, 0.95, "2.5", 100, ["50 mm", "f/0.95", "2.5 s", "ISO 100"]),
        (600.0, 11.0, "30", 102_400, ["600 mm", "f/11", "30 s", "ISO 102400"]),
        (24.0, 5.6, "0.5", 64, ["24 mm", "f/5.6", "0.5 s", "ISO 64"]),
    ])
    func settingsAsPhotographersWriteThem(
        _ focal: Double, _ aperture: Double, _ exposure: String, _ iso: Int, _ expected: [String]
    ) {
        var metadata = PhotoMetadata()
        metadata.focalLength = focal
        metadata.aperture = aperture
        metadata.exposure = exposure
        metadata.iso = iso
        #expect(PhotoPageModel.cameraDetails(metadata).map(\.1) == expected)
    }

    /// The ASCII path keeps the letters and digits Unicode's path keeps, lowercased alike: every
    /// ASCII byte, and random ASCII words.
    @Test func asciiWordsMatchUnicodeWords() {
        var generator = SystemRandomNumberGenerator()
        var samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        samples += (0..<500).map { _ in
            String(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    Character(UnicodeScalar(UInt8.random(in: 0..<128, using: &generator)))
                })
        }
        for sample in samples {
            #expect(CameraName.word(sample[...]) == CameraName.unicodeWord(sample[...]), "\(Array(sample.utf8))")
        }
    }

    @Test func nonASCIIWordsKeepUnicodeLetters() {
        #expect(CameraName.word("Ñikon,"[...]) == "ñikon")
        #expect(CameraName.word("Ｓｏｎｙ"[...]) == "ｓｏｎｙ")
    }

    /// Splitting by bytes (ASCII) or by characters gives the words a `Character` split gives.
    @Test(arguments: [
        "NIKON CORPORATION", "OLYMPUS OPTICAL CO.,LTD", " ,a,, b ", "", "  ", "É ́CLAIR, SA", "x \u{301}y",
    ])
    func splitMatchesCharacterSplit(_ text: String) {
        let expected = text.split { $0 == " " || $0 == "," }
        let split = CameraName.split(text) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ",") }
        #expect(split == expected)
    }
}
