import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

/// Inputs the fuzz targets (`Tests/Fuzz/`) found crashing a reader, kept under
/// `Tests/Fuzz/Regressions/TARGET/` and fed to the same entry point the target calls.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// `config`: a column count of 87 digits was quoted in the error message through
    /// `CSSNumber`, which trapped converting it to `Int64`. Numbers are now quoted as typed,
    /// shortened to 40 characters.
    @Test func configurationNumberBeyondInt64() throws {
        let (configuration, diagnostics) = SiteConfiguration.read(
            bytes: try Self.bytes("config/columns-beyond-int64.json"), path: "ashlar.json")
        #expect(configuration == nil)
        let columns = diagnostics.first { $0.key == "layout.breakpoints[1].columns" }
        #expect(
            columns?.description
                == "ashlar.json:12:109: error: 'layout.breakpoints[1].columns' must be a whole number from 1 to 24, "
                + "found 2411111111111111111111111111111111111111…")
    }

    @Test(arguments: [
        (1e19, "10000000000000000000"),
        (-1e19, "-10000000000000000000"),
        (Double(Int64.max), "9223372036854775808"),
        (9.2e18, "9200000000000000000"),
        (0x1p100, "1267650600228229401496703205376"),
    ])
    func cssNumberBeyondInt64(_ value: Double, _ expected: String) {
        #expect(CSSNumber.format(value) == expected)
    }

    @Test func cssNumberOfTheLargestDouble() {
        let text = CSSNumber.format(-Double.greatestFiniteMagnitude)
        #expect(
            text.hasPrefix("-17976931348623157081452742373170435679807056752584499659891747680315726078002853876058955")
        )
        #expect(text.count == 310)
    }
}

/// `exif` found an `XPAuthor` of only `;`, which became an empty creator once the authors were
/// split and joined. A list of no names is now no creator.
@Suite struct ExifTextRegressionTests {
    @Test func authorsOfOnlySeparatorsAreNoCreator() throws {
        // The fuzzer's input declares more IFD0 entries than it holds: the one TIFF reader now
        // refuses that IFD whole, so the case is rebuilt as a well-formed EXIF.
        let found = ExifReader.read(tiff: ByteWindow(try FuzzRegressionTests.bytes("exif/empty-artist-text.tiff")))
        #expect(ExifFields.metadata(found).creator == nil)
        let exif = ExifReader.read(tiff: ByteWindow(EmbeddedMetadataBytes.tiff([.windows(0x9C9D, ";")])))
        #expect(exif.texts[ExifTag.xpAuthor] == ";")
        #expect(ExifFields.metadata(exif).creator == nil)
    }
}
