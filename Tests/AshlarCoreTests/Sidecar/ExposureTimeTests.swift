import AshlarImage
import Testing

@testable import AshlarCore

@Suite struct ExposureTimeTests {
    @Test(
        arguments: [
            (0.004, "1/250"), (1.0 / 8000, "1/8000"), (0.25, "1/4"), (0.5, "0.5"), (1, "1"), (2.5, "2.5"),
            (30, "30"), (0.3333, "0.3"),
        ] as [(Double, String)])
    func textForSeconds(_ seconds: Double, _ text: String) {
        #expect(ExposureTime.text(seconds: seconds) == text)
    }

    @Test(arguments: [0, -1, Double.infinity, Double.nan, 100_000, 1e-9])
    func implausibleSecondsHaveNoText(_ seconds: Double) {
        #expect(ExposureTime.text(seconds: seconds) == nil)
    }

    @Test(arguments: [
        ("1/250", "1/250"), (" 1/250 s", "1/250"), ("1/250s", "1/250"), ("10/2500", "1/250"), ("0.004", "1/250"),
        ("2", "2"), ("2.5 sec", "2.5"), ("1/2", "0.5"), ("13/10", "1.3"), ("1/4", "1/4"),
    ])
    func normalisesWrittenTimes(_ text: String, _ normalized: String) {
        #expect(ExposureTime.normalized(text) == normalized)
    }

    @Test(arguments: ["", "fast", "1/0", "0/1", "-1/250", "1/", "/250", "s"])
    func rejectsNonsense(_ text: String) {
        #expect(ExposureTime.normalized(text) == nil)
    }

    @Test(arguments: [("28/10", 2.8), ("5.6", 5.6), ("23", 23), ("230/10", 23)] as [(String, Double)])
    func rationals(_ text: String, _ value: Double) {
        #expect(Rational.value(of: text) == value)
    }

    @Test(arguments: ["1/0", "a/b", "", "1e999"])
    func invalidRationals(_ text: String) {
        #expect(Rational.value(of: text) == nil)
    }
}

@Suite struct ExifOrientationTests {
    @Test(arguments: Array(ExifOrientation.exiftoolNames.enumerated()))
    func exiftoolNamesMapToValues(_ index: Int, _ name: String) {
        #expect(ExifOrientation.value(exiftoolText: name) == index + 1)
        #expect(ExifOrientation.value(exiftoolText: name.uppercased()) == index + 1)
    }

    @Test func acceptsDigitsAndRejectsUnknownText() {
        #expect(ExifOrientation.value(exiftoolText: "6") == 6)
        #expect(ExifOrientation.value(exiftoolText: "9") == nil)
        #expect(ExifOrientation.value(exiftoolText: "Unknown (0)") == nil)
        #expect(ExifOrientation.value(exiftoolText: "Rotate 45") == nil)
    }

    @Test(
        arguments: [
            (0, nil, 1), (1, nil, 8), (2, nil, 3), (3, nil, 6),
            (0, 0, 2), (1, 0, 7), (2, 0, 4), (3, 0, 5),
            (0, 1, 4), (1, 1, 5), (2, 1, 2), (3, 1, 7),
        ] as [(Int, Int?, Int)])
    func heifTransforms(_ rotation: Int, _ axis: Int?, _ expected: Int) {
        #expect(ExifOrientation.value(heifRotation: rotation, mirrorAxis: axis) == expected)
    }
}
