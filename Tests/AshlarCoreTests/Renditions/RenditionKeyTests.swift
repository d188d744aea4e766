import AshlarImage
import Testing

@testable import AshlarCore

/// Every field of `RenditionKey` shapes the key, and version 1 of the renditions' key is the one
/// caches were written with before the type existed.
@Suite struct RenditionKeyTests {
    static let base = RenditionKey(
        sourceDigest: String(repeating: "a", count: 64),
        product: .renditions(widths: [317, 634], quality: 82, metadata: .none))

    @Test func everyFieldChangesTheKey() {
        var variants = [Self.base]
        var digest = Self.base
        digest.sourceDigest = String(repeating: "b", count: 64)
        variants.append(digest)
        for product in [
            RenditionKey.Product.renditions(widths: [317], quality: 82, metadata: .none),
            .renditions(widths: [317, 634], quality: 83, metadata: .none),
            .renditions(widths: [317, 634], quality: 82, metadata: .camera),
            .original(.jpeg), .original(.png),
        ] {
            var changed = Self.base
            changed.product = product
            variants.append(changed)
        }
        #expect(Set(variants.map(\.value)).count == variants.count)
        #expect(variants.allSatisfy { $0.value.count == 64 })
    }

    /// The key's text is the version and the parameters: a new version makes new keys, and the
    /// same version the keys caches hold.
    @Test func theKeyDigestsTheVersionAndTheParameters() {
        let version = RenditionKey.renditionsVersion(.none)
        let text = "ashlar renditions \(version)|\(Self.base.sourceDigest)|317,634|q82|exif none"
        #expect(Self.base.value == SourceDigest.of(text: text))
    }

    /// The site's fingerprint carries every output version, so that a site built before a
    /// version bump is built again instead of being taken as up to date (the published files
    /// would be what the old version made: before version 2 of the originals, a GIF or a photo
    /// too small for renditions was published with its GPS).
    @Test func everyOutputVersionIsInTheSiteFingerprint() {
        let versions = RenditionKey.outputVersions
        for metadata in RenditionSettings.Metadata.allCases {
            #expect(versions.contains("\(metadata.rawValue) \(RenditionKey.renditionsVersion(metadata))"))
        }
        #expect(versions.contains("originals \(RenditionKey.originalsVersion)"))
        #expect(versions.contains("decoder \(RenditionKey.decoderVersion)"))
        let inputs = SiteInputs(configuration: nil, configurationBytes: [], theme: Theme(files: [:]), diagnostics: [])
        var withoutVersions = ContentHash()
        withoutVersions.combine(AshlarVersion.current)
        withoutVersions.combine([UInt8]())
        #expect(inputs.siteFingerprint != withoutVersions.hex, "the fingerprint ignores the output versions")
    }
}
