/// Ashlar's own sidecar: a JSON object beside the photo (`IMG_2041.jpg.json`) that states what the
/// photographer wants shown. Every key is optional and `null` counts as absent.
///
/// Invalid values are errors that name the key and point at the value; the field is left `nil`
/// and reading goes on. Unknown keys are warnings with a "did you mean".
package enum AshlarSidecar {
    /// Every key a sidecar may have, in the order the documentation lists them.
    package static let keys = [
        "src", "width", "height", "orientation", "title", "alt", "caption", "date", "tags", "order", "hidden", "rating",
        "renditions", "make", "model", "lens", "focalLength", "aperture", "exposure", "iso", "longDescription", "label",
        "creator", "rights", "license", "location", "city", "region", "country", "poster",
    ]

    static let objectKeys = JSONObjectReader.Keys(names: keys, noun: "a sidecar key", nullMeansAbsent: true)

    /// Reads a sidecar's bytes; `path` is used only in diagnostics.
    package static func read(_ bytes: [UInt8], path: String) -> SidecarReading {
        Sidecar.parseJSON(bytes, path: path) { read($0, path: path) }
    }

    /// Reads an already parsed sidecar.
    package static func read(_ document: JSONDocument, path: String) -> SidecarReading {
        let (metadata, diagnostics) = JSONObjectReader.read(
            document, path: path, name: "a sidecar", keys: objectKeys
        ) { sidecar in
            var metadata = PhotoMetadata()
            metadata.src = sidecar.source("src")
            metadata.width = sidecar.positiveInteger("width", maximum: Sidecar.maximumDimension)
            metadata.height = sidecar.positiveInteger("height", maximum: Sidecar.maximumDimension)
            metadata.orientation = sidecar.integer("orientation", in: 1...8)
            metadata.title = sidecar.string("title")
            metadata.alt = sidecar.string("alt")
            metadata.caption = sidecar.string("caption")
            metadata.date = sidecar.date("date")
            metadata.tags = sidecar.stringList("tags")
            metadata.order = sidecar.number("order")
            metadata.hidden = sidecar.bool("hidden")
            // -1 marks a rejected photo, as in Lightroom and exiftool.
            metadata.rating = sidecar.integer("rating", in: -1...5, expected: "a rating from -1 (rejected) to 5")
            metadata.renditions = sidecar.renditions("renditions")
            metadata.make = sidecar.string("make")
            metadata.model = sidecar.string("model")
            metadata.lens = sidecar.string("lens")
            metadata.focalLength = sidecar.positiveNumber("focalLength")
            metadata.aperture = sidecar.positiveNumber("aperture")
            metadata.exposure = sidecar.exposure("exposure")
            metadata.iso = sidecar.positiveInteger("iso")
            metadata.longDescription = sidecar.string("longDescription")
            metadata.label = sidecar.string("label")
            metadata.creator = sidecar.string("creator")
            metadata.rights = sidecar.string("rights")
            metadata.license = sidecar.webURL("license")
            metadata.location = sidecar.string("location")
            metadata.city = sidecar.string("city")
            metadata.region = sidecar.string("region")
            metadata.country = sidecar.string("country")
            metadata.poster = sidecar.source("poster")
            return metadata
        }
        return SidecarReading(metadata: metadata ?? PhotoMetadata(), diagnostics: diagnostics)
    }
}
