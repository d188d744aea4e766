/// The numbers of the EXIF tags whose meaning the readers know (the rest are read by their type
/// alone), and the names messages give them.
package enum ExifTag {
    package static let imageDescription = 0x010E
    package static let make = 0x010F
    package static let model = 0x0110
    package static let artist = 0x013B
    package static let copyright = 0x8298
    package static let exposureTime = 0x829A
    package static let fNumber = 0x829D
    package static let exifIFD = 0x8769
    package static let photographicSensitivity = 0x8827
    package static let standardOutputSensitivity = 0x8831
    package static let recommendedExposureIndex = 0x8832
    package static let isoSpeed = 0x8833
    package static let dateTimeOriginal = 0x9003
    package static let dateTimeDigitized = 0x9004
    package static let offsetTimeOriginal = 0x9011
    package static let offsetTimeDigitized = 0x9012
    package static let exposureBiasValue = 0x9204
    package static let focalLength = 0x920A
    package static let userComment = 0x9286
    package static let xpTitle = 0x9C9B
    package static let xpComment = 0x9C9C
    package static let xpAuthor = 0x9C9D
    package static let xpKeywords = 0x9C9E
    package static let xpSubject = 0x9C9F
    package static let focalLengthIn35mmFilm = 0xA405
    package static let lensMake = 0xA433
    package static let lensModel = 0xA434

    /// The Windows tags' names, for messages.
    static func name(_ tag: Int) -> String {
        switch tag {
        case xpTitle: "XPTitle"
        case xpComment: "XPComment"
        case xpAuthor: "XPAuthor"
        case xpKeywords: "XPKeywords"
        case xpSubject: "XPSubject"
        default: "tag 0x" + String(tag, radix: 16, uppercase: true)
        }
    }
}
