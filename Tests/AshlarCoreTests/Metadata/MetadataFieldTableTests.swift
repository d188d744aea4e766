import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

/// For every field of the table and every key it declares in a reader, a minimal input that
/// holds only that key must give the field its value: a table entry whose reader does not work
/// fails here. The merge, the text limits and the album signature are checked against the table
/// too.
@Suite struct MetadataFieldTableTests {
    /// One reader key of one field.
    struct Case: Sendable, CustomTestStringConvertible {
        enum Input: Sendable {
            case json(String)
            case exiftool(String)
            case xmp(String)
            case iim([(UInt8, [UInt8])])
            case exif(ifd0: [EmbeddedMetadataBytes.Entry], exif: [EmbeddedMetadataBytes.Entry])
        }

        var field: MetadataField
        var reader: String
        var input: Input
        var testDescription: String { "\(field.name) from \(reader)" }
    }

    /// What a field's sample is, as a reader gives it back.
    static func expected(_ field: MetadataField) -> MetadataValue {
        switch field.definition.kind {
        case .text, .languageText, .names: .text("Sample")
        case .keywords: .texts(["alpha"])
        case .date: .date(PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30, second: 0))
        case .dimension: .integer(640)
        case .orientation: .integer(6)
        case .rating: .integer(4)
        case .number: .number(2)
        case .positiveNumber: .number(56)
        case .exposure: .text("1/250")
        case .exposureCompensation: .number(-2.0 / 3)
        case .sensitivity: .integer(400)
        case .flag: .flag(true)
        case .source: .text("b.jpg")
        case .webURL: .text("https://example.com/licence")
        case .renditions: .renditions([Rendition(src: "b@480w.jpg", width: 480)])
        }
    }

    /// The sample as JSON (sidecar and exiftool alike).
    static func json(_ field: MetadataField) -> String {
        switch field.definition.kind {
        case .text, .languageText, .names: "\"Sample\""
        case .keywords: "[\"alpha\"]"
        case .date: "\"2024-06-01T18:30:00\""
        case .dimension: "640"
        case .orientation: "6"
        case .rating: "4"
        case .number: "2"
        case .positiveNumber: "56"
        case .exposure: "\"1/250\""
        case .exposureCompensation: "\"-2/3\""
        case .sensitivity: "400"
        case .flag: "true"
        case .source: "\"b.jpg\""
        case .webURL: "\"https://example.com/licence\""
        case .renditions: "[\"b@480w.jpg\"]"
        }
    }

    /// The sample as an XMP property element.
    static func xmp(_ field: MetadataField, _ key: XMPKey) -> String {
        let name = key.name
        let open = "<ns:\(name.name) xmlns:ns=\"\(name.namespace)\">"
        let close = "</ns:\(name.name)>"
        switch (field.definition.kind, key) {
        case (.keywords, .leaves): return open + "<rdf:Bag><rdf:li>Tags|alpha</rdf:li></rdf:Bag>" + close
        case (.keywords, _), (.names, _): return open + "<rdf:Bag><rdf:li>\(text(field))</rdf:li></rdf:Bag>" + close
        case (.languageText, _):
            return open + "<rdf:Alt><rdf:li xml:lang=\"x-default\">Sample</rdf:li></rdf:Alt>" + close
        default: return open + text(field) + close
        }
    }

    /// The sample as XMP or EXIF text.
    static func text(_ field: MetadataField) -> String {
        switch field.definition.kind {
        case .keywords: "alpha"
        case .date: "2024:06:01 18:30:00"
        case .positiveNumber: "560/10"
        default: json(field).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    /// The sample as IIM datasets.
    static func iim(_ field: MetadataField) -> [(UInt8, [UInt8])] {
        let datasets = field.definition.iim
        if field.definition.kind == .date {
            return [(datasets[0], Array("20240601".utf8)), (datasets[1], Array("183000".utf8))]
        }
        return datasets.prefix(1).map { ($0, Array(text(field).utf8)) }
    }

    /// The sample as EXIF entries: each tag a key reads, alone.
    static func exif(_ field: MetadataField, _ key: ExifKey) -> [[EmbeddedMetadataBytes.Entry]] {
        typealias Entry = EmbeddedMetadataBytes.Entry
        switch key {
        case .text(let tag), .caption(let tag):
            return [[text(tag, "Sample")]]
        case .names(let tag):
            return [[Entry.windows(UInt16(tag), "Sample;")]]
        case .keywords(let tag):
            return [[Entry.windows(UInt16(tag), "alpha; alpha")]]
        case .rational(let tag, _) where field.definition.kind == .exposureCompensation:
            return [[Entry.rational(UInt16(tag), -2, 3, signed: true)]]
        case .rational(let tag, _):
            return [[Entry.rational(UInt16(tag), 560, 10)]]
        case .wholeNumber(let tag, _):
            return [[Entry.short(UInt16(tag), 56)]]
        case .exposure(let tag):
            return [[Entry.rational(UInt16(tag), 1, 250)]]
        case .sensitivity(let tags):
            return tags.map { [Entry.short(UInt16($0), 400)] }
        case .lens(_, let model):
            return [[Entry.ascii(UInt16(model), "Sample")]]
        case .date(let tag, _):
            return [[Entry.ascii(UInt16(tag), "2024:06:01 18:30:00")]]
        }
    }

    /// A text tag in its own encoding: the Windows tags in UTF-16, `UserComment` after its
    /// character code, the others ASCII.
    static func text(_ tag: Int, _ text: String) -> EmbeddedMetadataBytes.Entry {
        switch tag {
        case ExifTag.xpTitle...ExifTag.xpSubject: .windows(UInt16(tag), text)
        case ExifTag.userComment:
            EmbeddedMetadataBytes.Entry(tag: UInt16(tag), type: 7, value: Array("ASCII\0\0\0\(text)".utf8))
        default: .ascii(UInt16(tag), text)
        }
    }

    /// Every field's every reader key.
    static let cases: [Case] = MetadataField.allCases.flatMap { field -> [Case] in
        let definition = field.definition
        var cases = [Case(field: field, reader: "JSON sidecar", input: .json("{\"\(field.name)\": \(json(field))}"))]
        for key in definition.exiftool {
            cases.append(
                Case(
                    field: field, reader: "exiftool \(key.tag)", input: .exiftool("[{\"\(key.tag)\": \(json(field))}]"))
            )
        }
        for key in definition.xmp {
            cases.append(Case(field: field, reader: "XMP \(key.name)", input: .xmp(xmp(field, key))))
        }
        if !definition.iim.isEmpty {
            cases.append(Case(field: field, reader: "IIM \(definition.iim)", input: .iim(iim(field))))
        }
        for key in definition.exif {
            for entries in exif(field, key) {
                let tag = "0x" + String(entries[0].tag, radix: 16, uppercase: true)
                // IFD0's tags below the EXIF IFD pointer; the EXIF IFD's above it.
                let input: Case.Input =
                    entries[0].tag < 0x8769 || entries[0].tag >= 0x9C9B
                    ? .exif(ifd0: entries, exif: []) : .exif(ifd0: [], exif: entries)
                cases.append(Case(field: field, reader: "EXIF \(tag)", input: input))
            }
        }
        return cases
    }

    /// What a reader makes of a case's input.
    static func read(_ input: Case.Input) -> PhotoMetadata {
        switch input {
        case .json(let text): return AshlarSidecar.read(Array(text.utf8), path: "a.json").metadata
        case .exiftool(let text): return ExiftoolSidecar.read(Array(text.utf8), path: "a.json").metadata
        case .xmp(let property): return XMPSidecar.read(EmbeddedMetadataBytes.xmp(property), path: "a.xmp").metadata
        case .iim(let datasets):
            return embedded(
                EmbeddedMetadataBytes.jpeg(app13: EmbeddedMetadataBytes.app13(datasets.map { (2, $0, $1) })))
        case .exif(let ifd0, let exif):
            let tiff = EmbeddedMetadataBytes.tiff(ifd0, exifEntries: exif)
            return embedded(EmbeddedMetadataBytes.jpeg(app1: [EmbeddedMetadataBytes.exifPayload(tiff)]))
        }
    }

    static func embedded(_ jpeg: [UInt8]) -> PhotoMetadata {
        guard case .header(let header) = ImageHeaderReader.read(jpeg, fileSize: jpeg.count) else {
            return PhotoMetadata()
        }
        return EmbeddedMetadataReading(header.embedded, path: "a.jpg", language: nil, reportConflicts: false).metadata
    }

    @Test func everyFieldHasAReader() {
        #expect(Self.cases.count > MetadataField.allCases.count * 2)
    }

    @Test(arguments: cases)
    func readerGivesTheField(testCase: Case) {
        let metadata = Self.read(testCase.input)
        #expect(metadata[testCase.field] == Self.expected(testCase.field))
    }

    @Test(arguments: MetadataField.allCases)
    func mergedTakesTheFieldFromAWeakerSource(field: MetadataField) {
        var weaker = PhotoMetadata()
        weaker[field] = Self.expected(field)
        #expect(PhotoMetadata().merged(over: weaker) == weaker)
        var stronger = PhotoMetadata()
        stronger[field] = .text("Stronger")
        #expect(stronger.merged(over: weaker)[field] == .text("Stronger"))
    }

    @Test(arguments: MetadataField.allCases)
    func signatureFollowsTheFieldWhenItShapesThePage(field: MetadataField) {
        var photo = ModelCoverageTests.photo()
        photo.metadata[field] = Self.expected(field)
        let changed =
            ModelCoverageTests.signature(ModelCoverageTests.album(photos: [photo]))
            != ModelCoverageTests.signature(ModelCoverageTests.album())
        #expect(changed == field.definition.shapesPage)
    }

    @Test(arguments: MetadataField.allCases.filter { $0.definition.limit != nil })
    func longTextIsLimited(field: MetadataField) {
        var metadata = PhotoMetadata()
        metadata[field] = .text("https://example.com/" + String(repeating: "a", count: PhotoTextLimits.caption + 1))
        var diagnostics: [Diagnostic] = []
        PhotoTextLimits.apply(to: &metadata, path: "a.json", diagnostics: &diagnostics)
        #expect(diagnostics.map(\.key) == [field.name])
        let limit = field.definition.limit == .line ? PhotoTextLimits.title : PhotoTextLimits.caption
        if field.definition.limit == .url {
            #expect(metadata[field] == nil)
        } else {
            #expect(metadata[field]?.text?.count == limit + 1)
        }
    }

    @Test func namesAreTheSidecarKeys() {
        #expect(AshlarSidecar.keys == MetadataField.allCases.map(\.name))
        #expect(Set(AshlarSidecar.keys).count == MetadataField.allCases.count)
        for field in MetadataField.allCases { #expect(MetadataField(name: field.name) == field) }
    }
}
