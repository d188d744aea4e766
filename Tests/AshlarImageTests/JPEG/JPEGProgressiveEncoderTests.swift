import Foundation
import Testing

@testable import AshlarImage

/// Progressive files hold the same coefficients as sequential ones: every decoder must give the
/// same pixels for both, and the file must have the scans its script lists.
@Suite struct JPEGProgressiveEncoderTests {
    enum Picture: Sendable {
        /// ``TestPicture``: waves, edges and mild texture.
        case photo
        /// Every sample random: many coefficients, refinement bits everywhere.
        case noise
        /// One colour: DC only, every AC band one long end-of-band run.
        case flat
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var width: Int
        var height: Int
        var format: PixelFormat
        var subsampling: ChromaSubsampling = .s420
        var quality = 82
        var picture = Picture.photo
        var testDescription: String {
            "\(width)×\(height) \(format) \(subsampling) q\(quality) \(picture)"
        }

        var image: PixelImage {
            switch picture {
            case .photo:
                return TestPicture.make(width: width, height: height, format: format)
            case .noise:
                var state: UInt32 = 2_463_534_242
                let count = width * height * format.channels
                let pixels = (0..<count).map { _ in
                    state ^= state << 13
                    state ^= state >> 17
                    state ^= state << 5
                    return UInt8(truncatingIfNeeded: state)
                }
                return PixelImage(width: width, height: height, format: format, pixels: pixels)
            case .flat:
                let count = width * height * format.channels
                return PixelImage(
                    width: width, height: height, format: format, pixels: [UInt8](repeating: 141, count: count))
            }
        }

        func encode(_ scans: JPEGEncoderSettings.Scans, script: JPEGScanScript? = nil) -> [UInt8] {
            var settings = JPEGEncoderSettings.libjpeg
            settings.scans = scans
            return JPEGEncoder.encode(
                image, quality: quality, subsampling: subsampling, iccProfile: nil, settings: settings, script: script)
        }
    }

    static let cases = [
        Case(width: 1, height: 1, format: .rgb),
        Case(width: 1, height: 1, format: .gray),
        Case(width: 7, height: 9, format: .rgb),
        Case(width: 17, height: 33, format: .rgb, subsampling: .s444),
        Case(width: 17, height: 33, format: .gray, quality: 95),
        Case(width: 1921, height: 13, format: .rgb),
        Case(width: 1921, height: 13, format: .gray),
        Case(width: 83, height: 61, format: .rgba, quality: 100),
        Case(width: 131, height: 97, format: .rgb, quality: 100, picture: .noise),
        Case(width: 131, height: 97, format: .rgb, subsampling: .s444, quality: 95, picture: .noise),
        Case(width: 97, height: 131, format: .gray, quality: 100, picture: .noise),
        Case(width: 300, height: 200, format: .rgb, picture: .flat),
        Case(width: 2048, height: 1040, format: .gray, picture: .flat),
        Case(width: 1100, height: 1000, format: .gray, quality: 100, picture: .noise),
        Case(width: 1921, height: 97, format: .rgb, quality: 95, picture: .noise),
    ]

    /// Every script kept, whatever the image's size: each must give the sequential pixels.
    static let scripts: [(String, JPEGScanScript)] = [
        ("oneBitRefinement", .oneBitRefinement), ("oneBitRefinementGray", .oneBitRefinementGray),
        ("twoBitRefinement", .twoBitRefinement), ("twoBitRefinementGray", .twoBitRefinementGray),
        ("successive", .successive), ("successiveGray", .successiveGray),
        ("spectral", .spectral), ("spectralGray", .spectralGray),
        ("deepRefinement", deepRefinement(components: [0, 1, 2])),
        ("deepRefinementGray", deepRefinement(components: [0])),
    ]

    /// No script kept refines from a point transform above 2, where the coder reads magnitudes
    /// from the coefficients rather than from ``JPEGEncoder/MagnitudePlanes``: this one does, one
    /// bit at a time from 3, interleaving its DC scans.
    static func deepRefinement(components: [Int]) -> JPEGScanScript {
        typealias Scan = JPEGScanScript.Scan
        var scans = [Scan(components, 0...0, low: 1)] + components.map { Scan([$0], 1...63, low: 3) }
        for low in [2, 1, 0] { scans += components.map { Scan([$0], 1...63, high: low + 1, low: low) } }
        return JPEGScanScript(scans + [Scan(components, 0...0, high: 1)])
    }

    @Test(arguments: cases)
    func decodesToTheSequentialPixels(_ testCase: Case) throws {
        let sequential = try JPEGDecoder.decode(testCase.encode(.sequential)).image
        let progressive = try JPEGDecoder.decode(testCase.encode(.progressive)).image
        #expect(progressive.width == sequential.width && progressive.height == sequential.height)
        #expect(progressive.pixels == sequential.pixels)
    }

    @Test(.enabled(if: ExternalTool.enabled("djpeg")), arguments: cases)
    func djpegDecodesToTheSequentialPixels(_ testCase: Case) throws {
        let sequential = ExternalTool.temporaryFile(testCase.encode(.sequential), named: "sequential.jpg")
        let progressive = ExternalTool.temporaryFile(testCase.encode(.progressive), named: "progressive.jpg")
        let expected = try #require(ExternalTool.run("djpeg", ["-pnm", sequential]))
        let decoded = try #require(ExternalTool.run("djpeg", ["-pnm", progressive]))
        #expect(decoded == expected)
    }

    @Test(.enabled(if: ExternalTool.enabled("python3")), arguments: cases.filter { $0.width * $0.height < 100_000 })
    func pillowDecodesToTheSequentialPixels(_ testCase: Case) throws {
        let script = "import sys; from PIL import Image; sys.stdout.buffer.write(Image.open(sys.argv[1]).tobytes())"
        let sequential = ExternalTool.temporaryFile(testCase.encode(.sequential), named: "sequential.jpg")
        let progressive = ExternalTool.temporaryFile(testCase.encode(.progressive), named: "progressive.jpg")
        let expected = try #require(ExternalTool.run("python3", ["-c", script, sequential]))
        let decoded = try #require(ExternalTool.run("python3", ["-c", script, progressive]))
        #expect(decoded == expected)
    }

    @Test(arguments: [cases[5], cases[6], cases[8], cases[10]])
    func otherScriptsDecodeToTheSequentialPixels(_ testCase: Case) throws {
        let sequential = try JPEGDecoder.decode(testCase.encode(.sequential)).image
        let components = testCase.format == .gray ? 1 : 3
        for (name, script) in Self.scripts where Set(script.scans.flatMap(\.components)).count == components {
            let progressive = try JPEGDecoder.decode(testCase.encode(.progressive, script: script)).image
            #expect(progressive.pixels == sequential.pixels, "\(name)")
        }
    }

    @Test(arguments: [cases[8], cases[10]])
    func sameBytesTwice(_ testCase: Case) {
        #expect(testCase.encode(.progressive) == testCase.encode(.progressive))
    }

    /// The markers of a file in order, skipping each segment's payload and the entropy-coded data.
    static func markers(_ file: [UInt8]) -> [UInt8] {
        var markers: [UInt8] = []
        var position = 0
        while let (marker, offset) = JPEGMarkers.next(in: file, from: position) {
            markers.append(marker)
            position = offset + 2
            if !JPEGMarkers.isStandalone(marker), position + 1 < file.count {
                position += Int(file[position]) << 8 | Int(file[position + 1])
            }
        }
        return markers
    }

    @Test(arguments: [cases[2], cases[4], cases[8], cases[13], cases[14]])
    func everyScanOfTheScriptHasItsTablesAndHeader(_ testCase: Case) {
        let file = testCase.encode(.progressive)
        let script = JPEGScanScript.script(
            components: testCase.format == .gray ? 1 : 3, pixels: testCase.width * testCase.height)
        var expected: [UInt8] = [0xD8, 0xE0, 0xDB, 0xC2]
        for scan in script.scans {
            if !(scan.band == 0...0 && scan.high > 0) { expected.append(0xC4) }
            expected.append(0xDA)
        }
        expected.append(0xD9)
        #expect(Self.markers(file) == expected)
        #expect(Self.markers(testCase.encode(.sequential)) == [0xD8, 0xE0, 0xDB, 0xC0, 0xC4, 0xDA, 0xD9])
    }
}
