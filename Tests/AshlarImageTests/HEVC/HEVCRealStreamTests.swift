import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// Intra pictures from libx265 (through ffmpeg), walked syntax element by syntax element with the
/// entropy decoder (`HEVCEntropyTestWalker`): the walk must stay in step with the encoder to the end,
/// where end_of_slice_segment_flag is 1 after the last CTB (and 0 after every other one) and the
/// engine stops on the last byte of the slice data. A misread context, binarisation or scan
/// desynchronises the arithmetic decoder long before that. Sample values are not checked here:
/// that comes with the reconstruction.
@Suite(.tags(.referenceTools)) struct HEVCRealStreamTests {
    static let streams: [(String, String)] = [
        ("64x64", "qp=30:no-sao=1"),
        ("192x128", "qp=22"),
        ("200x120", "qp=36"),
        ("128x128", "qp=12:no-sao=1:ctu=32:min-cu-size=8:tu-intra-depth=3:max-tu-size=16"),
        ("96x64", "crf=26:ctu=16:aq-mode=2"),
        ("128x64", "qp=20:tskip=1:no-signhide=1"),
        ("128x64", "qp=4:cu-lossless=1"),
        ("96x80", "qp=25:pixfmt=yuv420p10le"),
        ("128x96", "qp=0:pixfmt=yuv420p10le:no-sao=1"),
        ("96x64", "qp=18:pixfmt=yuv444p"),
        ("128x128", "qp=8:pixfmt=yuv444p:ctu=64:tu-intra-depth=4:max-tu-size=32:tskip=1"),
        ("200x136", "qp=24:ctu=32:wpp=1"),
        ("48x96", "crf=20:ctu=16:wpp=1:aq-mode=2"),
        ("40x64", "qp=28:ctu=16:wpp=1"),
    ]

    @Test(arguments: streams)
    func theWalkEndsWhereTheSliceEnds(size: String, options: String) throws {
        let folder = try TemporaryFolder("hevc-walk")
        let output = try X265TestPicture.encode(
            size: size, options: options, base: "keyint=1:no-wpp=1:info=0:aq-mode=0:", in: folder)
        let units = HEVCEntropyTestWalker.nalUnits(Array(try Data(contentsOf: output)))
        var settingsSeen = HEVCEntropyTestWalker.Parameters()
        var slice: [UInt8]?
        for unit in units {
            switch (unit[0] >> 1) & 63 {
            case 33: try HEVCEntropyTestWalker.readSPS(unit, into: &settingsSeen)
            case 34: try HEVCEntropyTestWalker.readPPS(unit, into: &settingsSeen)
            case 16...21: slice = unit
            default: break
            }
        }
        // The features each stream is there for are really in it.
        #expect(settingsSeen.transformSkip == options.contains("tskip=1"))
        #expect(settingsSeen.transquantBypass == options.contains("cu-lossless=1"))
        #expect(settingsSeen.sao == !options.contains("no-sao=1"))
        #expect(settingsSeen.cuQpDelta == options.contains("aq-mode=2"))
        #expect(settingsSeen.signHiding == !options.contains("no-signhide"))
        #expect(settingsSeen.wpp == options.contains("wpp=1"))
        #expect(settingsSeen.bitDepth == (options.contains("pixfmt=yuv420p10le") ? 10 : 8))
        #expect(settingsSeen.chroma == (options.contains("pixfmt=yuv444") ? 3 : 1))
        let unit = try #require(slice)
        let parameters = settingsSeen
        let header = try HEVCEntropyTestWalker.readSliceHeader(unit, parameters)
        var settings = HEVCResidualSettings()
        settings.bitDepthLuma = parameters.bitDepth
        settings.bitDepthChroma = parameters.bitDepth
        settings.signDataHiding = parameters.signHiding
        settings.transformSkipEnabled = parameters.transformSkip
        settings.chromaArrayType = parameters.chroma
        let decoder = try HEVCEntropyDecoder(data: unit, start: header.data, sliceQpY: header.qp, settings: settings)
        var walk = HEVCEntropyTestWalker.Walk(parameters, decoder)
        var substreams = 0
        let ctbSize = 1 << parameters.ctbLog2
        let columns = (parameters.width + ctbSize - 1) / ctbSize
        let rows = (parameters.height + ctbSize - 1) / ctbSize
        var synchronised: HEVCContextSet?
        for ry in 0..<rows {
            if parameters.wpp && ry > 0 {
                // §9.3.1: a row starts from the contexts after the second CTB of the row above.
                walk.decoder.contexts = synchronised ?? HEVCContextSet(sliceQpY: header.qp)
            }
            for rx in 0..<columns {
                walk.sao(rx: rx, ry: ry, luma: header.saoLuma, chroma: header.saoChroma)
                try walk.codingQuadtree(rx * ctbSize, ry * ctbSize, parameters.ctbLog2, 0)
                if parameters.wpp && rx == 1 { synchronised = walk.decoder.contexts }
                let last = rx == columns - 1 && ry == rows - 1
                let end = walk.decoder.decodeEndOfSliceSegmentFlag()
                #expect(end == last, "CTB (\(rx), \(ry)) of \(columns)×\(rows)")
                if end != last { return }
                if parameters.wpp && rx == columns - 1 && !last {
                    let endOfSubset = walk.decoder.decodeEndOfSubsetOneBit()
                    #expect(endOfSubset, "row \(ry)")
                    walk.decoder.cabac.restart(at: walk.decoder.cabac.bytePosition)
                    substreams += 1
                }
            }
        }
        #expect(substreams == (parameters.wpp ? rows - 1 : 0))
        #expect(walk.decoder.cabac.bytePosition == unit.count)
        #expect(!walk.decoder.isExhausted)
        #expect(walk.residualBlocks > 0)
    }
}
