/// What a published WebM or Matroska copy keeps: for each master element kept, the children it
/// keeps. Every other element (`Tags`, `Attachments`, `Chapters`, a `Title`, a track's `Name`,
/// `Void` and `CRC-32` too, and whatever a later specification adds) becomes a zeroed `Void` of
/// the same length, so that no position moves. Beyond the table: only video (1) and audio (2)
/// tracks are kept, a `Cluster` keeps only the blocks of those tracks, a `SeekHead` only the
/// entries that point at a kept element, and an audio track's `CodecPrivate` loses its Vorbis
/// comments or FLAC tags and pictures (`MatroskaCodecPrivate`).
package enum MatroskaAllowlist {
    typealias ID = VideoReader.MatroskaID

    /// Kept children by parent. A child that is a key here is walked in turn; any other kept
    /// child is kept whole (a number, a string a player needs, or frame data).
    static let children: [UInt32: Set<UInt32>] = [
        // EBMLVersion, EBMLReadVersion, EBMLMaxIDLength, EBMLMaxSizeLength, DocType,
        // DocTypeVersion, DocTypeReadVersion.
        ID.ebml: [0x4286, 0x42F7, 0x42F2, 0x42F3, ID.docType, 0x4287, 0x4285],
        ID.segment: [ID.seekHead, ID.info, ID.tracks, ID.cues, ID.cluster],
        ID.seekHead: [ID.seek],
        ID.seek: [ID.seekID, 0x53AC], // SeekPosition
        ID.info: [ID.timestampScale, ID.duration, 0x4461], // DateUTC
        ID.tracks: [ID.trackEntry],
        // TrackNumber, TrackUID, TrackType, FlagEnabled, FlagDefault, FlagForced, FlagLacing,
        // DefaultDuration, CodecID, CodecPrivate, CodecDelay, SeekPreRoll, Language,
        // LanguageBCP47, MaxBlockAdditionID, Video, Audio, ContentEncodings.
        ID.trackEntry: [
            ID.trackNumber, 0x73C5, ID.trackType, 0xB9, 0x88, 0x55AA, 0x9C, 0x23_E383, ID.codecID, ID.codecPrivate,
            0x56AA,
            0x56BB, 0x22_B59C, 0x22_B59D, 0x55EE, ID.video, audio, contentEncodings,
        ],
        // FlagInterlaced, FieldOrder, StereoMode, AlphaMode, PixelWidth, PixelHeight, the four
        // PixelCrops, DisplayWidth, DisplayHeight, DisplayUnit, Colour, Projection.
        ID.video: [
            0x9A, 0x9D, 0x53B8, 0x53C0, ID.pixelWidth, ID.pixelHeight, 0x54AA, 0x54BB, 0x54CC, 0x54DD,
            ID.displayWidth, ID.displayHeight, ID.displayUnit, colour, projection,
        ],
        // MatrixCoefficients ... MaxFALL, MasteringMetadata.
        colour: Set((0x55B1...0x55BD).map { UInt32($0) } + [masteringMetadata]),
        // The primaries' chromaticities, the white point, the luminance range.
        masteringMetadata: Set((0x55D1...0x55DA).map { UInt32($0) }),
        // ProjectionType, ProjectionPrivate, ProjectionPoseYaw, Pitch, Roll.
        projection: [0x7671, 0x7672, 0x7673, 0x7674, 0x7675],
        // SamplingFrequency, OutputSamplingFrequency, Channels, BitDepth, Emphasis.
        audio: [0xB5, 0x78B5, 0x9F, 0x6264, 0x52F1],
        contentEncodings: [contentEncoding],
        // ContentEncodingOrder, ContentEncodingScope, ContentEncodingType, ContentCompression
        // (header stripping); not ContentEncryption.
        contentEncoding: [0x5031, 0x5032, 0x5033, contentCompression],
        contentCompression: [0x4254, 0x4255], // ContentCompAlgo, ContentCompSettings
        ID.cues: [cuePoint],
        cuePoint: [0xB3, cueTrackPositions], // CueTime
        // CueTrack, CueClusterPosition, CueRelativePosition, CueDuration, CueBlockNumber,
        // CueCodecState, CueReference.
        cueTrackPositions: [0xF7, 0xF1, 0xF0, 0xB2, 0x5378, 0xEA, cueReference],
        cueReference: [0x96], // CueRefTime
        // Timestamp, Position, PrevSize, SimpleBlock, BlockGroup.
        ID.cluster: [0xE7, 0xA7, 0xAB, ID.simpleBlock, ID.blockGroup],
        // Block, BlockAdditions (a VP9 alpha channel), BlockDuration, ReferencePriority,
        // ReferenceBlock, DiscardPadding.
        ID.blockGroup: [ID.block, blockAdditions, 0x9B, 0xFA, 0xFB, 0x75A2],
        blockAdditions: [blockMore],
        blockMore: [0xEE, 0xA5], // BlockAddID, BlockAdditional
    ]

    /// The track types kept: video and audio.
    static let trackTypes: Set<UInt64> = [1, 2]

    /// The elements a kept `Seek` entry may point at.
    static let seekable: Set<UInt32> = [ID.seekHead, ID.info, ID.tracks, ID.cues, ID.cluster]

    /// Whether `child` is kept inside `parent` (before the checks of its contents).
    static func keeps(_ child: UInt32, in parent: UInt32) -> Bool {
        children[parent]?.contains(child) ?? false
    }

    private static let audio: UInt32 = 0xE1
    private static let colour: UInt32 = 0x55B0
    private static let masteringMetadata: UInt32 = 0x55D0
    private static let projection: UInt32 = 0x7670
    private static let contentEncodings: UInt32 = 0x6D80
    private static let contentEncoding: UInt32 = 0x6240
    private static let contentCompression: UInt32 = 0x5034
    private static let cuePoint: UInt32 = 0xBB
    private static let cueTrackPositions: UInt32 = 0xB7
    private static let cueReference: UInt32 = 0xDB
    private static let blockAdditions: UInt32 = 0x75A1
    private static let blockMore: UInt32 = 0xA6
}
