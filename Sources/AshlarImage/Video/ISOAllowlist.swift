/// What the published copy of an MP4 or QuickTime file keeps: the boxes a browser needs to play
/// its video and sound, by their parent. Every other box, at any level, becomes `free` with a zero
/// body (its size kept, so no offset moves), and so does every track whose handler is not `vide`
/// or `soun`.
///
/// Within the kept boxes, the free text is zeroed too: a handler's name (`hdlr`), a visual
/// sample entry's compressor name, and anything after a self-contained data reference's flags.
package enum ISOAllowlist {
    /// The boxes kept inside each kept parent ("" is the file itself). A sample entry's children
    /// are under `sampleEntry`.
    static let kept: [String: Set<String>] = [
        "": ["ftyp", "moov", "mdat"],
        "moov": ["mvhd", "trak"],
        "trak": ["tkhd", "edts", "mdia"],
        "edts": ["elst"],
        "mdia": ["mdhd", "hdlr", "minf"],
        "minf": ["vmhd", "smhd", "hdlr", "dinf", "stbl"],
        "dinf": ["dref"],
        "stbl": [
            "stsd", "stts", "ctts", "cslg", "stss", "stps", "sdtp", "stsc", "stsz", "stz2", "stco", "co64", "sgpd",
            "sbgp",
        ],
        sampleEntry: [
            "avcC", "hvcC", "av1C", "vpcC", "dvcC", "dvvC", "dvwC", "esds", "dOps", "dfLa", "alac", "dac3", "dec3",
            "pasp", "colr", "clli", "mdcv", "btrt", "fiel", "chan", "wave",
        ],
        "wave": ["frma", "esds", "enda", "mp4a", "alac", "chan", "\0\0\0\0"],
    ]

    /// The key of a sample entry's children in `kept`.
    static let sampleEntry = "sample entry"

    /// The handlers of the tracks kept: video and sound.
    static let keptHandlers: Set<String> = ["vide", "soun"]

    /// Boxes whose presence means the file is fragmented: its samples are described by movie
    /// fragments, which the copy does not keep.
    static let fragments: Set<String> = ["moof"]

    /// The data references a kept track may have: in this file (flag 1), named by no path.
    static let dataReferences: Set<String> = ["url ", "urn ", "alis"]

    /// Whether `type` is kept inside `parent`.
    static func keeps(_ type: String, in parent: String) -> Bool {
        kept[parent]?.contains(type) ?? false
    }

    /// Where a sample entry's child boxes may begin, after its fixed fields, first guess first:
    /// a visual entry's 78 bytes; a sound entry's 28 (version 0, or ISO's version 1), 44 after
    /// QuickTime's version 1 fields, 64 after its version 2 ones.
    static func sampleEntryFieldSizes(handler: String, soundVersion: UInt16?) -> [Int] {
        guard handler == "soun" else { return [78] }
        switch soundVersion {
        case 1: return [44, 28]
        case 2: return [64]
        default: return [28]
        }
    }
}
