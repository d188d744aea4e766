import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The SPS, PPS and first slice segment header of libx265 pictures and of the shared HEICs,
/// read with tracing and compared field by field with FFmpeg's `trace_headers`, which prints
/// every field it reads with its bit position: each field we read must be there, at the same
/// bit, with the same value. A field skipped or misread shifts every position after it.
@Suite(.tags(.referenceTools)) struct HEVCParameterSetTests {
    static let streams: [(String, String)] = [
        ("96x64", "qp=30"),
        ("198x130", "qp=22:scaling-list=default"),
        ("200x120", "crf=28:tskip=1:signhide=0:no-sao=1:deblock=-2,1"),
        ("128x128", "qp=12:ctu=32:min-cu-size=8:tu-intra-depth=3:max-tu-size=16:wpp=1"),
        ("96x64", "crf=26:ctu=16:aq-mode=2:constrained-intra=1:cbqpoffs=3:crqpoffs=-2"),
        ("128x64", "qp=4:cu-lossless=1:no-deblock=1"),
        ("96x80", "qp=25:pixfmt=yuv420p10le:range=full:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc"),
        ("96x64", "qp=18:pixfmt=yuv444p:aud=1:repeat-headers=1"),
        ("96x64", "qp=20:pixfmt=yuv422p10le:hrd=1:vbv-bufsize=1000:vbv-maxrate=1000:sar=4\\:3"),
        ("64x64", "qp=24:pixfmt=gray:overscan=show:videoformat=pal:chromaloc=2"),
    ]

    /// One block of FFmpeg's trace: its title and fields (bit position, name without indices, value).
    struct Block {
        var title: String
        var fields: [HEVCBitReader.TraceEntry] = []
    }

    static func ffmpegTrace(_ file: URL) throws -> [Block] {
        let ffmpeg = try RequiredTool.require(tool: "ffmpeg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-hide_banner", "-loglevel", "debug", "-f", "hevc", "-i", file.path, "-c", "copy", "-bsf:v",
            "trace_headers", "-f", "null", "-",
        ]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var blocks: [Block] = []
        for line in text.split(separator: "\n") where line.hasPrefix("[trace_headers") {
            guard let close = line.firstIndex(of: "]") else { continue }
            let body = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
            let parts = body.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count >= 5, let position = Int(parts[0]), parts[parts.count - 2] == "=",
                let value = Int(parts[parts.count - 1])
            {
                let name = parts[1].split(separator: "[").first.map(String.init) ?? String(parts[1])
                if !blocks.isEmpty {
                    blocks[blocks.count - 1].fields.append(.init(position: position, name: name, value: value))
                }
            } else {
                // Any other line ("Sequence Parameter Set", "Packet: …", "nal_unit_type: …") starts a block.
                blocks.append(Block(title: body))
            }
        }
        return blocks
    }

    /// Every field we read is in FFmpeg's block at the same bit (ours count from after the two
    /// header bytes) with the same value; names we give to groups FFmpeg splits are skipped.
    static func compare(_ ours: [HEVCBitReader.TraceEntry], _ theirs: Block, _ what: String, atLeast: Int = 10) {
        let grouped: Set<String> = ["general_profile_compatibility_flags"]
        var byPosition: [Int: HEVCBitReader.TraceEntry] = [:]
        for field in theirs.fields { byPosition[field.position] = byPosition[field.position] ?? field }
        var mismatches = 0
        for field in ours where !grouped.contains(field.name) {
            let theirs = byPosition[field.position + 16]
            // FFmpeg spells the spec's scaling_list_delta_coef with a double f.
            let name = field.name == "scaling_list_delta_coef" ? "scaling_list_delta_coeff" : field.name
            if theirs?.name != name || theirs?.value != field.value {
                mismatches += 1
                if mismatches <= 3 {
                    Issue.record(
                        "\(what): \(field.name) = \(field.value) at bit \(field.position + 16); FFmpeg: \(String(describing: theirs))"
                    )
                }
            }
        }
        #expect(ours.count >= atLeast, "\(what): only \(ours.count) fields read")
        #expect(mismatches == 0, "\(what): \(mismatches) of \(ours.count) fields differ")
    }

    /// Reads `stream`'s SPS, PPS and first slice segment with tracing and compares each with
    /// FFmpeg's trace of the same file.
    static func check(_ stream: [UInt8], file: URL) throws {
        let units = try HEVCNALUnit.annexB(stream[...]).map { try HEVCNALUnit($0) }
        let blocks = try ffmpegTrace(file)
        func block(_ title: String) throws -> Block {
            try #require(blocks.last { $0.title == title }, "FFmpeg traced no \(title)")
        }
        let spsUnit = try #require(units.first { $0.type == .sequenceParameterSet })
        var spsReader = HEVCBitReader(spsUnit.rbsp, structure: "SPS", tracing: true)
        let sps = try HEVCSequenceParameterSet(&spsReader)
        compare(spsReader.trace ?? [], try block("Sequence Parameter Set"), "SPS")

        let ppsUnit = try #require(units.first { $0.type == .pictureParameterSet })
        var ppsReader = HEVCBitReader(ppsUnit.rbsp, structure: "PPS", tracing: true)
        let pps = try HEVCPictureParameterSet(&ppsReader)
        try pps.check(against: sps)
        compare(ppsReader.trace ?? [], try block("Picture Parameter Set"), "PPS")

        let slice = try #require(units.first { $0.type.isCodedSlice })
        var sliceReader = HEVCBitReader(slice.rbsp, structure: "slice segment header", tracing: true)
        let header = try HEVCSliceSegmentHeader(&sliceReader, unit: slice, sps: sps, pps: pps, previous: nil)
        let sliceBlock = try #require(blocks.first { $0.title == "Slice Segment Header" })
        compare(sliceReader.trace ?? [], sliceBlock, "slice segment header", atLeast: 5)
        #expect(header.dataOffset * 8 == sliceReader.position)
        // The entry points name substreams that start inside the slice data.
        let stored = slice.storedOffset(ofRBSP: header.dataOffset)
        #expect(stored + header.entryPointOffsets.reduce(0, +) < slice.rbsp.count + slice.emulationPrevention.count)
    }

    @Test(arguments: streams)
    func x265HeadersMatchFFmpegsTrace(size: String, options: String) throws {
        let folder = try TemporaryFolder("hevc-headers")
        let output = try X265TestPicture.encode(
            size: size, options: options, base: "keyint=1:log-level=none:", in: folder)
        try Self.check(Array(try Data(contentsOf: output)), file: output)
    }

    static let heicFolder = SharedMaterial.folder("heic")

    /// The primary image's first coded item (the first tile of a grid) of each shared HEIC, as an
    /// Annex B stream: the parameter sets of its `hvcC`, then its NAL units.
    @Test(
        .enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"),
        arguments: [
            "iphone8plus_arrow_irot270.heic", "iphone13pro_pug_gps_gainmap_depth.heic",
            "iphone15pro_ios18_tmap_gainmap.heic", "nokia_C002.heic", "nokia_C025.heic", "nokia_C052.heic",
            "nokia_MIAF002.heic", "nokia_MIAF003.heic", "self_320x240_q90_10bit.heic",
            "self_333x257_lossless_rgb_identity_ph.heic", "self_333x257_q90_422.heic", "self_333x257_q90_mono.heic",
        ])
    func sharedHEICHeadersMatchFFmpegsTrace(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.heicFolder.appendingPathComponent(name)))
        let file = try HEIFFile(bytes)
        let description = try file.primaryImage()
        let item: UInt32
        let codec: HEIFCodec
        switch description.coding {
        case .single(let id, let itemCodec): (item, codec) = (id, itemCodec)
        case .grid(_, let tiles, _, _, let tileCodec): (item, codec) = (try #require(tiles.first), tileCodec)
        }
        guard case .hevc(let record) = codec else { throw RequiredTool.Missing(description: "not HEVC") }
        let configuration = try HEVCDecoderConfiguration(record)
        var stream: [UInt8] = []
        for unit in configuration.nalUnits { stream += [0, 0, 0, 1] + unit }
        for unit in try HEVCNALUnit.lengthPrefixed(try file.data(of: item), lengthSize: configuration.lengthSize) {
            stream += [0, 0, 0, 1] + unit
        }
        let folder = try TemporaryFolder("hevc-heic-headers")
        let output = folder.url.appendingPathComponent("item.hevc")
        try Data(stream).write(to: output)
        try Self.check(stream, file: output)
        let sps = try HEVCSequenceParameterSet(
            rbsp: try HEVCNALUnit(
                try #require(configuration.nalUnits.first { $0.first.map { $0 >> 1 & 0x3F } == 33 })[...]
            ).rbsp)
        #expect(sps.chromaFormatIDC == configuration.chromaFormatIDC)
        #expect(sps.bitDepthLuma == configuration.bitDepthLuma)
    }
}
