import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The header scan never refuses a file of the public decoder test suites in
/// `../shared/image-suites` that AshlarImage decodes, and refuses every file the decoder refuses
/// before its image data. (Damage in the image data itself is found when the rendition stage
/// decodes the file: `ImageSuiteTests` holds the whole build to the decoder's verdict.)
@Suite(.enabled(if: ImageSuites.isAvailable, "the image suites are not at ../shared/image-suites"))
struct ImageSuiteVerdictTests {
    @Test func headerScanAgreesWithTheDecoder() throws {
        let files = try ImageSuites.files()
        var disagreements: [String] = []
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file.url))
            let header = ImageHeaderReader.read(bytes, fileSize: bytes.count)
            // Read from growing prefixes, starting small, as the catalog reads a large file: the
            // same result as from the whole file.
            var length = 256
            var incremental: ImageHeaderResult
            while true {
                let isWhole = length >= bytes.count
                incremental = ImageHeaderReader.read(
                    Array(bytes.prefix(length)), fileSize: isWhole ? bytes.count : nil)
                guard case .needsMoreBytes(let needed) = incremental, !isWhole else { break }
                length = max(needed, length + 1)
            }
            #expect(incremental == header, "\(file.name)")
            // And as the catalog reads it, knowing the file's size.
            let sized = ImageHeaderReader.read(fileSize: bytes.count) { Array(bytes.prefix($0)) }
            #expect(sized == header, "\(file.name), read knowing its size")
            let headerAccepts: Bool
            switch header {
            case .header: headerAccepts = true
            case .failure, .needsMoreBytes: headerAccepts = false
            }
            let decoded = Result { () throws(ImageError) in try Renditions.make(from: bytes, widths: [64], quality: 80)
            }
            let decoderAccepts = (try? decoded.get()) != nil
            let refusedInImageData =
                if case .failure(let error) = decoded { Self.isImageDataDamage(error.message) } else { false }
            if headerAccepts != decoderAccepts && !(headerAccepts && refusedInImageData) {
                let why: String
                switch (header, decoded) {
                case (.failure(let reason), _): why = "header: \(reason)"
                case (_, .failure(let error)): why = "decoder: \(error.message)"
                default: why = "\(header)"
                }
                disagreements.append("\(file.name): header \(headerAccepts), decoder \(decoderAccepts) (\(why))")
            }
        }
        #expect(disagreements == [], "\(disagreements.count) of \(files.count)")
    }

    /// Whether the decoder's refusal is about the image data, which the header scan does not read.
    static func isImageDataDamage(_ message: String) -> Bool {
        ["'IDAT' chunk has a bad CRC", "'IDAT' chunks are not consecutive", "image data"].contains {
            message.contains($0)
        }
    }
}
