import AshlarTestSupport
import Testing

@testable import AshlarImage

@Suite struct ImageHeaderReaderTests {
    struct ImageCase: CustomTestStringConvertible, Sendable {
        var file: String
        var header: ImageHeader
        /// The EXIF `ImageDescription`, when the file has one.
        var caption: String?
        var testDescription: String { file }
    }

    static let imageCases: [ImageCase] =
        [
            ImageCase(file: "images/plain.jpg", header: ImageHeader(format: .jpeg, width: 48, height: 32)),
            ImageCase(file: "images/progressive.jpg", header: ImageHeader(format: .jpeg, width: 48, height: 32)),
            ImageCase(
                file: "images/exif-be.jpg",
                header: ImageHeader(format: .jpeg, width: 48, height: 32, orientation: 6), caption: "Cafe terrace"),
            ImageCase(
                file: "images/exif-le.jpg",
                header: ImageHeader(format: .jpeg, width: 48, height: 32, orientation: 8), caption: "Ponte Sisto"),
            ImageCase(file: "images/plain.png", header: ImageHeader(format: .png, width: 40, height: 30)),
            ImageCase(
                file: "images/exif.png", header: ImageHeader(format: .png, width: 40, height: 30, orientation: 8)),
            ImageCase(file: "images/really-a-png.jpg", header: ImageHeader(format: .png, width: 40, height: 30)),
            ImageCase(file: "images/plain.gif", header: ImageHeader(format: .gif, width: 33, height: 17)),
            ImageCase(file: "images/lossy.webp", header: ImageHeader(format: .webp, width: 50, height: 30)),
            ImageCase(file: "images/lossless.webp", header: ImageHeader(format: .webp, width: 51, height: 31)),
            ImageCase(
                file: "images/extended.webp", header: ImageHeader(format: .webp, width: 52, height: 32, orientation: 1)),
            ImageCase(file: "images/plain.avif", header: ImageHeader(format: .avif, width: 64, height: 48)),
            ImageCase(
                file: "images/rotated.avif", header: ImageHeader(format: .avif, width: 64, height: 48, orientation: 6)),
            // Its camera and settings are read by AshlarCore's EmbeddedMetadataTests.
            ImageCase(
                file: "exiftool/photo.jpg", header: ImageHeader(format: .jpeg, width: 60, height: 40, orientation: 6)),
        ]
        + (1...8).map { n in
            ImageCase(
                file: "images/orientation-\(n).jpg",
                header: ImageHeader(format: .jpeg, width: 48, height: 32, orientation: n))
        }

    @Test(arguments: imageCases)
    func readsFixtureHeaders(_ testCase: ImageCase) throws {
        let bytes = try SidecarFixture.bytes(testCase.file)
        // The XMP, IPTC and EXIF some fixtures carry are mapped to fields by AshlarCore's
        // EmbeddedMetadataTests; here only the EXIF description is checked.
        func withoutPackets(_ result: ImageHeaderResult) -> ImageHeaderResult {
            guard case .header(var header) = result else { return result }
            #expect(header.embedded.exif?.texts[ExifTag.imageDescription] == testCase.caption)
            header.embedded = EmbeddedMetadata(warnings: header.embedded.warnings)
            return .header(header)
        }
        #expect(
            withoutPackets(ImageHeaderReader.read(bytes, fileSize: bytes.count))
                == .header(testCase.header))
        #expect(withoutPackets(ImageHeaderReader.read(bytes)) == .header(testCase.header))
    }

    @Test(arguments: 1...8)
    func displaySizeFollowsOrientation(_ orientation: Int) throws {
        let bytes = try SidecarFixture.bytes("images/orientation-\(orientation).jpg")
        guard case .header(let header) = ImageHeaderReader.read(bytes) else {
            Issue.record("no header")
            return
        }
        let size = orientation >= 5 ? (header.height, header.width) : (header.width, header.height)
        if orientation >= 5 {
            #expect(size == (32, 48), "stored landscape shows as portrait")
        } else {
            #expect(size == (48, 32))
        }
    }

    /// A JPEG with `segments` inserted after SOI (`EmbeddedMetadataBytes.jpeg`, shared with the
    /// embedded-metadata tests).
    static func jpeg(segments: [[UInt8]] = [], width: UInt16 = 48, height: UInt16 = 32, marker: UInt8 = 0xC0) -> [UInt8]
    {
        EmbeddedMetadataBytes.jpeg(segments: segments, width: width, height: height, marker: marker)
    }

    /// A PNG of `width`×`height` (8-bit RGB) with `ihdr` in place of its IHDR chunk's data when
    /// given, every chunk's CRC correct, an `IDAT` chunk and `IEND`.
    static func png(width: UInt32 = 40, height: UInt32 = 30, chunkType: String = "IHDR", ihdr: [UInt8]? = nil)
        -> [UInt8]
    {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(CRC32.checksum(body))
        }
        let data = ihdr ?? be32(width) + be32(height) + [8, 2, 0, 0, 0]
        return pngSignature + chunk(chunkType, data) + chunk("IDAT", [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", [])
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        EmbeddedMetadataBytes.segment(marker, payload)
    }

    /// A TIFF structure with IFD0 entries and an optional Exif IFD, in either byte order.
    static func tiff(bigEndian: Bool, orientation: UInt16?, description: String?, date: String?) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16))
        }
        var entries: [(UInt16, UInt16, UInt32, [UInt8])] = []
        if let description { entries.append((0x010E, 2, 0, Array(description.utf8) + [0])) }
        if let orientation { entries.append((0x0112, 3, 1, u16(orientation) + [0, 0])) }
        if date != nil { entries.append((0x8769, 4, 1, [])) }
        let ifd0Size = 2 + 12 * entries.count + 4
        var data: [UInt8] = []
        var body = u16(UInt16(entries.count))
        let dataStart = 8 + ifd0Size
        var exifIFDOffset = 0
        for (tag, type, _, value) in entries {
            if tag == 0x8769 {
                exifIFDOffset = dataStart + data.count
                let dateBytes = Array((date ?? "").utf8) + [0]
                let exifIFD =
                    u16(1) + u16(0x9003) + u16(2) + u32(UInt32(dateBytes.count)) + u32(UInt32(exifIFDOffset + 18))
                    + u32(0)
                data += exifIFD + dateBytes
                body += u16(tag) + u16(type) + u32(1) + u32(UInt32(exifIFDOffset))
            } else if value.count <= 4 {
                body +=
                    u16(tag) + u16(type) + u32(tag == 0x0112 ? 1 : UInt32(value.count)) + value
                    + Array(repeating: 0, count: 4 - value.count)
            } else {
                body += u16(tag) + u16(type) + u32(UInt32(value.count)) + u32(UInt32(dataStart + data.count))
                data += value
            }
        }
        body += u32(0)
        let header: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] + u32(8) : [0x49, 0x49, 0x2A, 0x00] + u32(8)
        return header + body + data
    }

    @Test(arguments: [true, false])
    func readsHandBuiltExifInBothByteOrders(_ bigEndian: Bool) {
        let exif = Self.tiff(
            bigEndian: bigEndian, orientation: 5, description: "Ça va, Zürich? 📷", date: "2022:02:28 07:08:09")
        let bytes = Self.jpeg(segments: [Self.segment(0xE1, Array("Exif".utf8) + [0, 0] + exif)])
        guard case .header(let header) = ImageHeader.read(bytes) else {
            Issue.record("no header")
            return
        }
        #expect(header.facts == ImageHeader(format: .jpeg, width: 48, height: 32, orientation: 5).facts)
        #expect(header.embedded.exif?.texts[ExifTag.imageDescription] == "Ça va, Zürich? 📷")
        #expect(header.embedded.exif?.texts[ExifTag.dateTimeOriginal] == "2022:02:28 07:08:09")
    }

    @Test func ignoresBrokenExifButKeepsTheSize() {
        let exif = Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0x00, 0x2A, 0xFF, 0xFF, 0xFF, 0xF0]
        let bytes = Self.jpeg(segments: [Self.segment(0xE1, exif)])
        guard case .header(let header) = ImageHeader.read(bytes) else {
            Issue.record("no header")
            return
        }
        #expect(header.facts == ImageHeader(format: .jpeg, width: 48, height: 32).facts)
        #expect(header.embedded.exif == ExifRecord())
    }

    /// Blank text is left out; a zero date is kept as written (AshlarCore ignores placeholders).
    @Test func blankDescriptionIsLeftOut() {
        let exif = Self.tiff(bigEndian: true, orientation: 1, description: "      ", date: "0000:00:00 00:00:00")
        let bytes = Self.jpeg(segments: [Self.segment(0xE1, Array("Exif".utf8) + [0, 0] + exif)])
        guard case .header(let header) = ImageHeader.read(bytes) else {
            Issue.record("no header")
            return
        }
        #expect(header.facts == ImageHeader(format: .jpeg, width: 48, height: 32).facts)
        #expect(header.embedded.exif?.texts[ExifTag.imageDescription] == nil)
        #expect(header.embedded.exif?.texts[ExifTag.dateTimeOriginal] == "0000:00:00 00:00:00")
    }

    @Test(arguments: [0xC1, 0xC2] as [UInt8])
    func everyFrameMarkerTheDecoderReadsGivesTheSize(_ marker: UInt8) {
        let bytes = Self.jpeg(width: 300, height: 200, marker: marker)
        #expect(
            ImageHeaderReader.read(bytes) == .header(ImageHeader(format: .jpeg, width: 300, height: 200))
        )
    }

    /// Lossless, hierarchical and arithmetic coding: no browser shows them, and the decoder
    /// refuses them, so the header scan does too.
    @Test(
        arguments: [
            (0xC3, "lossless"), (0xC5, "hierarchical"), (0xC6, "hierarchical"), (0xC7, "hierarchical"),
            (0xC9, "arithmetic"), (0xCA, "arithmetic"), (0xCB, "arithmetic"), (0xCD, "hierarchical"),
            (0xCE, "hierarchical"), (0xCF, "hierarchical"),
        ] as [(UInt8, String)])
    func codingTheDecoderDoesNotReadIsRefused(_ marker: UInt8, _ coding: String) {
        let bytes = Self.jpeg(width: 300, height: 200, marker: marker)
        #expect(
            ImageHeaderReader.read(bytes, fileSize: bytes.count)
                == .failure("JPEG uses \(coding) coding, which is not supported"))
    }

    /// Stray bytes between segments: libjpeg and AshlarImage's decoder skip them, and so does the
    /// header scan (Pillow's `junk_jpeg_header.jpg` and `jpeg_ff00_header.jpg` have them).
    @Test func skipsStrayBytesBetweenSegments() {
        let bytes = Self.jpeg(
            segments: [Self.segment(0xFE, Array("comment".utf8)), [0x12, 0x34, 0xFF, 0x00, 0x56]], width: 7, height: 9)
        #expect(
            ImageHeaderReader.read(bytes, fileSize: bytes.count)
                == .header(ImageHeader(format: .jpeg, width: 7, height: 9)))
    }

    @Test func skipsHuffmanTablesAndFillBytes() {
        let dht = Self.segment(0xC4, Array(repeating: 0, count: 17))
        let bytes = Self.jpeg(
            segments: [
                dht, [0xFF, 0xFF, 0xFF], Self.segment(0xCC, [1, 2]), Self.segment(0xFE, Array("comment".utf8)),
            ], width: 7, height: 9)
        #expect(
            ImageHeaderReader.read(bytes) == .header(ImageHeader(format: .jpeg, width: 7, height: 9)))
    }

    @Test func asksForMoreWhenTheFrameHeaderFollowsLargeSegments() throws {
        let icc = Self.segment(0xE2, Array(repeating: 0x41, count: 60_000))
        let bytes = Self.jpeg(segments: [icc, icc, icc], width: 1200, height: 800)
        #expect(ImageHeaderReader.read(Array(bytes.prefix(1000))) == .needsMoreBytes(60_006))
        var requests: [Int] = []
        let result = ImageHeaderReader.read(fileSize: bytes.count) { length in
            requests.append(length)
            return Array(bytes.prefix(length))
        }
        #expect(result == .header(ImageHeader(format: .jpeg, width: 1200, height: 800)))
        #expect(requests == [65_536, 131_072, bytes.count])
    }

    @Test func refusesHeadersBeyondTheCap() {
        var segments: [[UInt8]] = []
        let app = Self.segment(0xE2, Array(repeating: 0, count: 65_000))
        for _ in 0..<70 { segments.append(app) }
        let bytes = Self.jpeg(segments: segments)
        let result = ImageHeaderReader.read { Array(bytes.prefix($0)) }
        #expect(result == .failure("JPEG header does not end within the first 4 MiB"))
    }

    @Test func webpExifBeyondTheCapIsGivenUp() {
        // VP8X with the EXIF flag, then a 5 MB image chunk before the EXIF chunk.
        let size: UInt32 = 5_000_000
        let vp8x = Array("VP8X".utf8) + [10, 0, 0, 0, 0x08, 0, 0, 0, 99, 0, 0, 49, 0, 0]
        let vp8 =
            Array("VP8 ".utf8) + [
                UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24),
            ]
        let riffSize: UInt32 = 5_000_100
        let riff = [
            UInt8(riffSize & 0xFF), UInt8((riffSize >> 8) & 0xFF), UInt8((riffSize >> 16) & 0xFF),
            UInt8(riffSize >> 24),
        ]
        let bytes = Array("RIFF".utf8) + riff + Array("WEBP".utf8) + vp8x + vp8 + Array(repeating: 0, count: 100)
        #expect(
            ImageHeaderReader.read(bytes) == .header(ImageHeader(format: .webp, width: 100, height: 50))
        )
        #expect(
            ImageHeaderReader.read(bytes, fileSize: bytes.count)
                == .failure("truncated WebP header"))
    }

    @Test func webpExifFlagWithoutExifChunkStillGivesTheSize() {
        let vp8x = Array("VP8X".utf8) + [10, 0, 0, 0, 0x08, 0, 0, 0, 99, 0, 0, 49, 0, 0]
        let alph = Array("ALPH".utf8) + [3, 0, 0, 0, 1, 2, 3, 0]
        let body = Array("WEBP".utf8) + vp8x + alph
        let size = UInt32(body.count)
        let bytes = Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8), 0, 0] + body
        #expect(
            ImageHeaderReader.read(bytes, fileSize: bytes.count)
                == .header(ImageHeader(format: .webp, width: 100, height: 50)))
    }

    struct FailureCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var message: String
        var testDescription: String { name }
    }

    static var failureCases: [FailureCase] {
        let plainJPEG = jpeg()
        let sof = plainJPEG.firstIndex(of: 0xC0)! - 1
        let zeroWidthPNG = png(width: 0)
        let hugePNG = png(width: 0xFFFF_FFFF)
        let noIHDR = png(chunkType: "IHDX")
        return [
            FailureCase(
                name: "text file", bytes: Array("hello, world".utf8), message: "not a JPEG/PNG/GIF/WebP/AVIF/HEIC image"
            ),
            FailureCase(name: "empty file", bytes: [], message: "the file is empty"),
            FailureCase(
                name: "BMP", bytes: Array("BM".utf8) + Array(repeating: 0, count: 60),
                message: "not a JPEG/PNG/GIF/WebP/AVIF/HEIC image"),
            FailureCase(
                name: "HEIC without an image size", bytes: avif(brand: "heic", properties: []),
                message: "HEIC has no image size ('ispe') for its primary image"),
            FailureCase(
                name: "truncated in the middle of SOF", bytes: Array(plainJPEG.prefix(sof + 6)),
                message: "JPEG ends inside its headers"),
            FailureCase(name: "SOI only", bytes: [0xFF, 0xD8, 0xFF], message: "JPEG ends inside its headers"),
            FailureCase(
                name: "APP1 longer than the file",
                bytes: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D],
                message: "JPEG ends inside its headers"),
            FailureCase(name: "JPEG zero width", bytes: jpeg(width: 0, height: 480), message: "JPEG frame has width 0"),
            FailureCase(
                name: "JPEG zero height", bytes: jpeg(width: 640, height: 0),
                message: "JPEG sets its height in a DNL marker, which is not supported"),
            FailureCase(
                name: "JPEG frame without tables", bytes: Array(plainJPEG[..<2] + plainJPEG[(sof)...]),
                message: "JPEG component 1 uses quantization table 0, which is not defined"),
            FailureCase(
                name: "JPEG scan before frame", bytes: [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9],
                message: "JPEG scan comes before the frame header"),
            FailureCase(
                name: "JPEG end before frame", bytes: [0xFF, 0xD8, 0xFF, 0xD9],
                message: "JPEG ends before its frame header"),
            FailureCase(
                name: "JPEG end before scan", bytes: Array(plainJPEG.prefix(plainJPEG.count - 13)) + [0xFF, 0xD9],
                message: "JPEG has no image data"),
            FailureCase(
                name: "JPEG only stray bytes after a segment", bytes: [0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x02, 0x12, 0x34],
                message: "JPEG ends inside its headers"),
            FailureCase(
                name: "JPEG segment length 1", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0, 0, 0, 0],
                message: "JPEG marker segment has length 1"),
            FailureCase(name: "PNG zero width", bytes: zeroWidthPNG, message: "PNG: image size 0×30 is not valid"),
            FailureCase(
                name: "PNG width 0xFFFFFFFF", bytes: hugePNG, message: "PNG: image size 4294967295×30 is not valid"),
            FailureCase(
                name: "PNG width 100001", bytes: png(width: 100_001),
                message: "PNG header says 100001×30; images may be at most 100000 pixels on a side"),
            FailureCase(name: "PNG without IHDR", bytes: noIHDR, message: "PNG: first chunk is 'IHDX', not 'IHDR'"),
            FailureCase(
                name: "PNG with a bad CRC", bytes: Array(png().prefix(29)) + [0, 0, 0, 0] + png().dropFirst(33),
                message: "PNG: 'IHDR' chunk has a bad CRC"),
            FailureCase(
                name: "PNG signature only", bytes: pngSignature, message: "PNG: file ends before its 'IHDR' chunk"),
            FailureCase(
                name: "GIF zero size", bytes: Array("GIF89a".utf8) + [0, 0, 0, 0], message: "GIF header says 0×0"),
            FailureCase(name: "GIF truncated", bytes: Array("GIF89a".utf8) + [1, 0], message: "truncated GIF header"),
            FailureCase(
                name: "WebP unknown first chunk",
                bytes: Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPABCD".utf8) + Array(repeating: 0, count: 14),
                message: "WebP has no VP8, VP8L or VP8X chunk first"),
            FailureCase(
                name: "WebP lossy without start code",
                bytes: Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8 ".utf8) + Array(repeating: 0, count: 14),
                message: "WebP lossy frame has no start code"),
            FailureCase(
                name: "WebP lossless bad signature",
                bytes: Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8L".utf8) + Array(repeating: 0, count: 9),
                message: "WebP lossless header has the wrong signature"),
            FailureCase(
                name: "WebP extended huge canvas",
                bytes: Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [
                    10, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x0F, 0, 0,
                ], message: "WebP header says 16777216×16; images may be at most 100000 pixels on a side"),
            FailureCase(
                name: "AVIF without ispe", bytes: avif(properties: [irot(1)]),
                message: "AVIF has no image size ('ispe') for its primary image"),
            FailureCase(
                name: "AVIF zero size", bytes: avif(properties: [ispe(0, 48)]), message: "AVIF header says 0×48"),
            FailureCase(
                name: "AVIF child box overflowing meta",
                bytes: avif(properties: [[0, 0, 0, 64] + Array("ispe".utf8) + [0, 0, 0, 0]]),
                message: "AVIF metadata is damaged"),
            FailureCase(
                name: "AVIF box size smaller than its header",
                bytes: avif(properties: []).prefix(24) + [0, 0, 0, 4] + Array("free".utf8),
                message: "AVIF box 'free' at byte 24 has size 4"),
        ]
    }

    static let pngSignature = ImageFormat.pngSignature

    @Test(arguments: failureCases)
    func reportsUnreadableFiles(_ testCase: FailureCase) {
        let result = ImageHeaderReader.read(testCase.bytes, fileSize: testCase.bytes.count)
        #expect(result == .failure(testCase.message))
    }

    /// A HEIC's header comes from the same HEIF reader as an AVIF's.
    @Test func readsAHEICsSizeFromItsPrimaryItem() {
        let bytes = Self.avif(brand: "heic", properties: [Self.ispe(10, 12)])
        #expect(
            ImageHeaderReader.read(bytes, fileSize: bytes.count)
                == .header(ImageHeader(format: .heic, width: 10, height: 12)))
    }

    @Test func shortPrefixesOfAnythingImageLikeAskForMore() {
        #expect(ImageHeaderReader.read([0xFF]) == .needsMoreBytes(16))
        #expect(ImageHeaderReader.read(Array("RIFF".utf8)) == .needsMoreBytes(16))
        #expect(ImageHeaderReader.read([0, 0, 0, 0x20, 0x66]) == .needsMoreBytes(16))
        #expect(
            ImageHeaderReader.read([0xFF], fileSize: 1)
                == .failure("not a JPEG/PNG/GIF/WebP/AVIF/HEIC image"))
        #expect(
            ImageHeaderReader.read(Array("GIF7".utf8))
                == .failure("not a JPEG/PNG/GIF/WebP/AVIF/HEIC image"))
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(payload.count + 8)
        return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + payload
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func ispe(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        box("ispe", [0, 0, 0, 0] + be32(width) + be32(height))
    }
    static func irot(_ angle: UInt8) -> [UInt8] { box("irot", [angle]) }
    static func imir(_ axis: UInt8) -> [UInt8] { box("imir", [axis]) }

    /// ftyp, then meta with an optional pitm, ipco holding `properties`, and an ipma.
    static func avif(
        brand: String = "avif", properties: [[UInt8]], primary: UInt16? = nil, associations: [(UInt16, [UInt8])] = [],
        mdatFirst: Int = 0
    ) -> [UInt8] {
        let ftyp = box("ftyp", Array(brand.utf8) + [0, 0, 0, 0] + Array("mif1".utf8) + Array(brand.utf8))
        var meta: [UInt8] = [0, 0, 0, 0]
        meta += box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("pict".utf8) + Array(repeating: 0, count: 13))
        if let primary { meta += box("pitm", [0, 0, 0, 0, UInt8(primary >> 8), UInt8(primary & 0xFF)]) }
        var ipma: [UInt8] = [0, 0, 0, 0] + be32(UInt32(associations.count))
        for (item, indices) in associations {
            ipma += [UInt8(item >> 8), UInt8(item & 0xFF), UInt8(indices.count)] + indices
        }
        meta += box("iprp", box("ipco", properties.flatMap { $0 }) + (associations.isEmpty ? [] : box("ipma", ipma)))
        let mdat = mdatFirst > 0 ? box("mdat", Array(repeating: 0, count: mdatFirst)) : []
        return ftyp + mdat + box("meta", meta)
    }

    @Test(
        arguments: [
            ([], 1), ([irot(1)], 8), ([irot(2)], 3), ([irot(3)], 6), ([imir(0)], 4), ([irot(1), imir(0)], 5),
            ([irot(3), imir(0)], 7), ([imir(1)], 2),
        ] as [([[UInt8]], Int)])
    func avifTransformsBecomeExifOrientations(_ transforms: [[UInt8]], _ orientation: Int) {
        let bytes = Self.avif(properties: [Self.ispe(640, 480)] + transforms)
        #expect(
            ImageHeaderReader.read(bytes)
                == .header(ImageHeader(format: .avif, width: 640, height: 480, orientation: orientation)))
    }

    @Test func avifUsesThePrimaryItemsProperties() {
        let bytes = Self.avif(
            brand: "avis", properties: [Self.ispe(32, 32), Self.irot(2), Self.ispe(1920, 1080), Self.irot(1)],
            primary: 2,
            associations: [(1, [0x81, 2]), (2, [0x83, 0x84])], mdatFirst: 3000)
        #expect(
            ImageHeaderReader.read(bytes)
                == .header(ImageHeader(format: .avif, width: 1920, height: 1080, orientation: 8)))
        // ftyp (24 bytes) and mdat (3008) come first: the reader asks for the next box's header.
        #expect(ImageHeaderReader.read(Array(bytes.prefix(100))) == .needsMoreBytes(24 + 3008 + 16))
        #expect(ImageHeaderReader.read(Array(bytes.prefix(3048))) == .needsMoreBytes(bytes.count))
    }
}

extension ImageHeader {
    /// What the header says of the image itself, without its metadata.
    var facts: [Int] { [ImageFormat.allCases.firstIndex(of: format) ?? -1, width, height, orientation] }

    static func read(_ bytes: [UInt8]) -> ImageHeaderResult { ImageHeaderReader.read(bytes) }
}
