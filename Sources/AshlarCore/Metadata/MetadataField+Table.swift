import AshlarImage

extension MetadataField {
    /// The table: each field's entry. Adding a text field is one entry here (and the template
    /// that shows it); the readers, `PhotoMetadata.merged(over:)`, `PhotoTextLimits` and
    /// `AlbumSignature` follow from it.
    var tableEntry: Definition {
        typealias Tag = ExifTag
        switch self {
        case .src:
            // The build resolves it into the photo's image, which the signature covers as well.
            return Definition(name: "src", kind: .source)
        case .width:
            return Definition(
                name: "width", kind: .dimension, exiftool: ["ImageWidth", "ExifImageWidth"],
                xmp: [.property(.tiff("ImageWidth")), .property(.exif("PixelXDimension"))], merge: .imageFile)
        case .height:
            return Definition(
                name: "height", kind: .dimension, exiftool: ["ImageHeight", "ExifImageHeight"],
                xmp: [.property(.tiff("ImageLength")), .property(.exif("PixelYDimension"))], merge: .imageFile)
        case .orientation:
            return Definition(
                name: "orientation", kind: .orientation, exiftool: ["Orientation"],
                xmp: [.property(.tiff("Orientation"))], merge: .imageFile)
        case .title:
            return Definition(
                name: "title", kind: .languageText, exiftool: ["Title", "ObjectName", "XPTitle", "Headline"],
                xmp: [.property(.dc("title"))], iim: [5], exif: [.text(Tag.xpTitle)], limit: .line)
        case .alt:
            return Definition(
                name: "alt", kind: .languageText, exiftool: ["AltTextAccessibility"],
                xmp: [.property(.iptcCore("AltTextAccessibility"))], limit: .line)
        case .caption:
            return Definition(
                name: "caption", kind: .languageText,
                exiftool: ["Description", "ImageDescription", "Caption-Abstract", "XPComment"],
                xmp: [.property(.dc("description"))], iim: [120],
                exif: [
                    .caption(Tag.imageDescription), .caption(Tag.xpComment), .caption(Tag.userComment),
                    .caption(Tag.xpSubject),
                ], limit: .paragraphs)
        case .date:
            return Definition(
                name: "date", kind: .date,
                exiftool: [
                    ExiftoolKey("DateTimeOriginal", offset: "OffsetTimeOriginal"),
                    ExiftoolKey("CreateDate", offset: "OffsetTimeDigitized"),
                ],
                xmp: [
                    .property(.exif("DateTimeOriginal")), .property(.photoshop("DateCreated")),
                    .property(.xmp("CreateDate")),
                ],
                // Date created, then time created.
                iim: [55, 60],
                exif: [
                    .date(Tag.dateTimeOriginal, offset: Tag.offsetTimeOriginal),
                    .date(Tag.dateTimeDigitized, offset: Tag.offsetTimeDigitized),
                ])
        case .tags:
            return Definition(
                name: "tags", kind: .keywords, exiftool: ["Keywords", "Subject"],
                xmp: [.property(.dc("subject")), .leaves(.lightroom("hierarchicalSubject"))], iim: [25],
                exif: [.keywords(Tag.xpKeywords)])
        case .order:
            return Definition(name: "order", kind: .number)
        case .hidden:
            return Definition(name: "hidden", kind: .flag)
        case .rating:
            return Definition(name: "rating", kind: .rating, exiftool: ["Rating"], xmp: [.property(.xmp("Rating"))])
        case .renditions:
            // The build resolves them into the photo's renditions, which the signature covers.
            return Definition(name: "renditions", kind: .renditions, shapesPage: false)
        case .make:
            return Definition(
                name: "make", kind: .text, exiftool: ["Make"], xmp: [.property(.tiff("Make"))],
                exif: [.text(Tag.make)], limit: .line)
        case .model:
            return Definition(
                name: "model", kind: .text, exiftool: ["Model"], xmp: [.property(.tiff("Model"))],
                exif: [.text(Tag.model)], limit: .line)
        case .lens:
            return Definition(
                name: "lens", kind: .text, exiftool: ["LensModel", "Lens"],
                xmp: [.property(.aux("Lens")), .property(.exifEX("LensModel"))],
                exif: [.lens(make: Tag.lensMake, model: Tag.lensModel)], limit: .line)
        case .focalLength:
            return Definition(
                name: "focalLength", kind: .positiveNumber, exiftool: ["FocalLength"],
                xmp: [.property(.exif("FocalLength"))], exif: [.rational(Tag.focalLength, ExifFields.focalLengths)])
        case .focalLength35mm:
            return Definition(
                name: "focalLength35mm", kind: .positiveNumber, exiftool: ["FocalLengthIn35mmFormat"],
                xmp: [.property(.exif("FocalLengthIn35mmFilm"))],
                exif: [.wholeNumber(Tag.focalLengthIn35mmFilm, ExifFields.focalLengths)])
        case .aperture:
            return Definition(
                name: "aperture", kind: .positiveNumber, exiftool: ["FNumber"], xmp: [.property(.exif("FNumber"))],
                exif: [.rational(Tag.fNumber, ExifFields.apertures)])
        case .exposure:
            return Definition(
                name: "exposure", kind: .exposure, exiftool: ["ExposureTime"],
                xmp: [.property(.exif("ExposureTime"))], exif: [.exposure(Tag.exposureTime)])
        case .exposureCompensation:
            return Definition(
                name: "exposureCompensation", kind: .exposureCompensation, exiftool: ["ExposureCompensation"],
                xmp: [.property(.exif("ExposureBiasValue"))],
                exif: [.rational(Tag.exposureBiasValue, ExifFields.exposureCompensations)])
        case .iso:
            return Definition(
                name: "iso", kind: .sensitivity, exiftool: ["ISO"],
                xmp: [.property(.exif("ISOSpeedRatings")), .property(.exifEX("PhotographicSensitivity"))],
                exif: [
                    .sensitivity([
                        Tag.photographicSensitivity, Tag.recommendedExposureIndex, Tag.isoSpeed,
                        Tag.standardOutputSensitivity,
                    ])
                ])
        case .longDescription:
            return Definition(
                name: "longDescription", kind: .languageText, exiftool: ["ExtDescrAccessibility"],
                xmp: [.property(.iptcCore("ExtDescrAccessibility"))], limit: .paragraphs)
        case .label:
            return Definition(
                name: "label", kind: .text, exiftool: ["Label"], xmp: [.property(.xmp("Label"))], limit: .line)
        case .creator:
            return Definition(
                name: "creator", kind: .names, exiftool: ["Creator", "Artist", "By-line", "XPAuthor"],
                xmp: [.property(.dc("creator"))], iim: [80], exif: [.text(Tag.artist), .names(Tag.xpAuthor)],
                limit: .line)
        case .rights:
            return Definition(
                name: "rights", kind: .languageText, exiftool: ["Rights", "Copyright", "CopyrightNotice"],
                xmp: [.property(.dc("rights"))], iim: [116], exif: [.text(Tag.copyright)], limit: .line)
        case .license:
            return Definition(
                name: "license", kind: .webURL, exiftool: ["WebStatement"],
                xmp: [.property(.xmpRights("WebStatement"))], limit: .url)
        case .location:
            return Definition(
                name: "location", kind: .text, exiftool: ["Location", "Sub-location"],
                xmp: [.property(.iptcCore("Location"))], iim: [92], limit: .line)
        case .city:
            return Definition(
                name: "city", kind: .text, exiftool: ["City"], xmp: [.property(.photoshop("City"))], iim: [90],
                limit: .line)
        case .region:
            return Definition(
                name: "region", kind: .text, exiftool: ["State", "Province-State"],
                xmp: [.property(.photoshop("State"))], iim: [95], limit: .line)
        case .country:
            return Definition(
                name: "country", kind: .text, exiftool: ["Country", "Country-PrimaryLocationName"],
                xmp: [.property(.photoshop("Country"))], iim: [101], limit: .line)
        case .poster:
            return Definition(name: "poster", kind: .source)
        }
    }
}
