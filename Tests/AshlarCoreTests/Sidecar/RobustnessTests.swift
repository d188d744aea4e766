import AshlarImage
import AshlarTestSupport
import Testing

@testable import AshlarCore

/// Truncated and mutated inputs never trap, and what the readers say about them stays sensible.
@Suite struct RobustnessTests {
    static let imageFiles: [String] =
        ((try? Fixture.names(in: "images", withExtension: "jpg")) ?? [])
        + ((try? Fixture.names(in: "images", withExtension: "png")) ?? [])
        + ((try? Fixture.names(in: "images", withExtension: "gif")) ?? [])
        + ((try? Fixture.names(in: "images", withExtension: "webp")) ?? [])
        + ((try? Fixture.names(in: "images", withExtension: "avif")) ?? [])

    @Test func findsTheFixtures() {
        #expect(Self.imageFiles.count >= 20)
    }

    func expectSensible(_ result: ImageHeaderResult, prefixLength: Int, fileSize: Int?) {
        switch result {
        case .header(let header):
            #expect((1...Sidecar.maximumDimension).contains(header.width))
            #expect((1...Sidecar.maximumDimension).contains(header.height))
            #expect((1...8).contains(header.orientation))
        case .needsMoreBytes(let needed):
            #expect(fileSize == nil)
            #expect(needed > prefixLength)
            #expect(needed <= ImageHeaderReader.maximumPrefix)
        case .failure(let reason):
            #expect(!reason.isEmpty)
        }
    }

    @Test(arguments: imageFiles)
    func everyTruncationAsksForMoreOrFails(_ file: String) throws {
        let bytes = try Fixture.bytes(file)
        let complete = ImageHeaderReader.read(bytes, fileSize: bytes.count)
        guard case .header = complete else {
            Issue.record("\(file) is not readable: \(complete)")
            return
        }
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            // The rest of the file exists but was not read yet.
            let partial = ImageHeaderReader.read(prefix)
            switch partial {
            case .header: #expect(partial == complete, "prefix of \(length) bytes")
            case .needsMoreBytes(let needed): #expect(needed > length, "prefix of \(length) bytes")
            case .failure(let diagnostic):
                Issue.record("prefix of \(length) bytes of a valid file failed: \(diagnostic)")
            }
            // The file really ends here.
            let truncated = ImageHeaderReader.read(prefix, fileSize: length)
            switch truncated {
            case .header: #expect(truncated == complete, "file cut at \(length) bytes")
            case .needsMoreBytes: Issue.record("file cut at \(length) bytes asked for more")
            case .failure: break
            }
        }
    }

    @Test(arguments: imageFiles)
    func growingPrefixesReachTheSameHeader(_ file: String) throws {
        let bytes = try Fixture.bytes(file)
        let complete = ImageHeaderReader.read(bytes, fileSize: bytes.count)
        for start in [1, 7, 16, 100] {
            var length = start
            var result = ImageHeaderReader.read(Array(bytes.prefix(length)))
            var rounds = 0
            while case .needsMoreBytes(let needed) = result, rounds < 100 {
                rounds += 1
                length = min(needed, bytes.count)
                result = ImageHeaderReader.read(
                    Array(bytes.prefix(length)), fileSize: needed >= bytes.count ? bytes.count : nil)
            }
            #expect(result == complete, "starting from \(start) bytes")
        }
    }

    @Test(arguments: imageFiles)
    func randomMutationsNeverTrap(_ file: String) throws {
        let original = try Fixture.bytes(file)
        var generator = SeededGenerator(seed: UInt64(file.utf8.reduce(5381) { ($0 &* 33) &+ UInt64($1) }))
        for _ in 0..<300 {
            var bytes = original
            let changes = Int.random(in: 1...6, using: &generator)
            for _ in 0..<changes {
                // Mostly hit the header, where the readers look.
                let limit = Bool.random(using: &generator) ? min(bytes.count, 64) : bytes.count
                let index = Int.random(in: 0..<limit, using: &generator)
                bytes[index] =
                    Bool.random(using: &generator)
                    ? UInt8.random(in: 0...255, using: &generator)
                    : [0, 0xFF, 0x7F, 0x80][Int.random(in: 0...3, using: &generator)]
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            }
            expectSensible(
                ImageHeaderReader.read(bytes, fileSize: bytes.count), prefixLength: bytes.count,
                fileSize: bytes.count)
            expectSensible(ImageHeaderReader.read(bytes), prefixLength: bytes.count, fileSize: nil)
        }
    }

    @Test func randomBytesNeverTrap() {
        var generator = SeededGenerator(seed: 42)
        let magics: [[UInt8]] = [
            [0xFF, 0xD8, 0xFF], ImageFormat.pngSignature, Array("GIF89a".utf8), Array("RIFF\0\0\0\0WEBP".utf8),
            [0, 0, 0, 0x18] + Array("ftypavif".utf8),
        ]
        for round in 0..<2000 {
            let count = Int.random(in: 0...200, using: &generator)
            let noise = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let bytes = magics[round % magics.count] + noise
            expectSensible(
                ImageHeaderReader.read(bytes, fileSize: bytes.count), prefixLength: bytes.count,
                fileSize: bytes.count)
        }
    }

    @Test(arguments: ["ashlar/full.jpg.json", "exiftool/photo.json", "exiftool/iptc-n.json"])
    func mutatedJSONSidecarsGiveDiagnosticsNotCrashes(_ file: String) throws {
        let original = try Fixture.bytes(file)
        var generator = SeededGenerator(seed: 7)
        let interesting: [UInt8] = Array("{}[]\",:\\-0e.tn".utf8) + [0, 0xFF, 0xC3, 0x0A]
        for _ in 0..<500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = interesting[Int.random(in: 0..<interesting.count, using: &generator)]
            }
            for reading in [AshlarSidecar.read(bytes, path: "x"), ExiftoolSidecar.read(bytes, path: "x")] {
                for diagnostic in reading.diagnostics {
                    #expect(diagnostic.path == "x")
                    #expect((diagnostic.line ?? 1) >= 1)
                    #expect((diagnostic.column ?? 1) >= 1)
                }
                if let width = reading.metadata.width { #expect((1...Sidecar.maximumDimension).contains(width)) }
                if let orientation = reading.metadata.orientation { #expect((1...8).contains(orientation)) }
            }
        }
    }
}
