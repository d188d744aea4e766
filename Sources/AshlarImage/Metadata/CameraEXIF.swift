/// The EXIF Ashlar publishes: a new TIFF structure built from an allowlist of the camera's
/// entries — make, model, lens, exposure, focal length, date and time, creator and rights —
/// never a copy of the camera's with the bad parts cut out. Maker notes, the IFD1 thumbnail,
/// serial numbers, the owner's name, user comments, unique IDs, the GPS IFD (wherever it is
/// linked from and however its pointer is typed) and every tag not listed below are left behind,
/// because nothing carries them over.
///
/// Used by published originals (``MetadataPolicy/cameraFacts``) and by renditions made with
/// `keepingCameraEXIF`.
public enum CameraEXIF {
    /// IFD0 entries kept: Make, Model, Orientation (only when asked), ModifyDate, Artist, Copyright.
    static let keptInIFD0: Set<Int> = [0x010F, 0x0110, 0x0112, 0x0132, 0x013B, 0x8298]
    /// EXIF IFD entries kept: exposure (time, f-number, program, ISO, shutter and aperture
    /// values, bias, maximum aperture, metering, flash, mode, white balance, scene type), focal
    /// length (and in 35 mm), the dates with their offsets and sub-seconds, the EXIF version,
    /// the colour space, and the lens (specification, make, model).
    static let keptInEXIFIFD: Set<Int> = [
        0x829A, 0x829D, 0x8822, 0x8827, 0x8830, 0x9000, 0x9003, 0x9004, 0x9010, 0x9011, 0x9012, 0x9201,
        0x9202, 0x9204, 0x9205, 0x9207, 0x9209, 0x920A, 0x9290, 0x9291, 0x9292, 0xA001, 0xA402, 0xA403,
        0xA405, 0xA406, 0xA432, 0xA433, 0xA434,
    ]
    /// The longest value carried over (a copyright notice, a lens name): longer ones are dropped.
    static let maximumValueBytes = 1_024

    /// The allowlisted EXIF of the camera's TIFF structure `tiff`, in its byte order; `nil` when
    /// it cannot be read or keeps nothing. With `keepingOrientation` false (renditions, whose
    /// pixels are already upright) the orientation is left out too.
    public static func allowlisted(_ tiff: [UInt8], keepingOrientation: Bool) -> [UInt8]? {
        guard let reader = TIFFReader(tiff), let ifd0 = reader.ifd(at: reader.firstIFD) else { return nil }
        var ifd0Tags = keptInIFD0
        if !keepingOrientation { ifd0Tags.remove(TIFFReader.Tag.orientation) }
        let main = kept(ifd0, tags: ifd0Tags, from: reader)
        var camera: [KeptEntry] = []
        if let pointer = ifd0.entries.first(where: { $0.tag == TIFFReader.Tag.exifIFD }),
            let offset = reader.integer(of: pointer), offset != reader.firstIFD, let exifIFD = reader.ifd(at: offset)
        {
            camera = kept(exifIFD, tags: keptInEXIFIFD, from: reader)
        }
        guard !main.isEmpty || !camera.isEmpty else { return nil }
        return TIFFWriter(bigEndian: reader.bigEndian).write(ifd0: main, exifIFD: camera)
    }

    /// One entry to write: its tag, type, count and value bytes as stored (in the source's byte
    /// order, which the output keeps).
    struct KeptEntry {
        var tag: Int
        var type: Int
        var count: Int
        var value: [UInt8]
    }

    /// The entries of `ifd` whose tags are in `tags`, once each (the first), with readable values.
    private static func kept(_ ifd: TIFFReader.IFD, tags: Set<Int>, from reader: TIFFReader) -> [KeptEntry] {
        var seen: Set<Int> = []
        var entries: [KeptEntry] = []
        for entry in ifd.entries where tags.contains(entry.tag) && seen.insert(entry.tag).inserted {
            guard entry.count >= 1, let range = reader.valueRange(of: entry), range.count <= maximumValueBytes
            else { continue }
            entries.append(
                KeptEntry(tag: entry.tag, type: entry.type, count: entry.count, value: Array(reader.bytes[range])))
        }
        return entries.sorted { $0.tag < $1.tag }
    }
}
