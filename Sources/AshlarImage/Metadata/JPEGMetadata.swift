/// Reads the metadata of a JPEG file and writes copies with less of it, without touching the
/// compressed image: every scan, and the tables between scans, are copied as they are.
public enum JPEGMetadata {
    static let exifSignature = Array("Exif".utf8) + [0]
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    static let iccSignature = Array("ICC_PROFILE".utf8) + [0]
    static let jfifSignature = Array("JFIF".utf8) + [0]
    static let adobeSignature = Array("Adobe".utf8)

    /// The ICC profile, EXIF, XMP, orientation and whether a location is recorded (in any form
    /// ``LocationRecord`` knows).
    ///
    /// Throws when the bytes are not a JPEG file or a segment before the first scan runs past the
    /// end of the file. Damaged EXIF does not throw: the bytes are returned as stored, with
    /// orientation 1 and no location unless a GPS IFD can be read.
    public static func read(_ bytes: [UInt8]) throws(ImageError) -> ImageMetadata {
        let layout = try JPEGSegment.layout(of: bytes)
        var metadata = ImageMetadata()
        var iccChunks: [JPEGSegment] = []
        for segment in layout.segments {
            if segment.marker == 0xE1, let tiffStart = exifStart(segment, in: bytes) {
                if metadata.exif == nil { metadata.exif = Array(bytes[tiffStart..<segment.end]) }
            } else if segment.marker == 0xE1, segment.hasSignature(xmpSignature, in: bytes) {
                if metadata.xmp == nil {
                    metadata.xmp = Array(bytes[segment.start + xmpSignature.count..<segment.end])
                }
            } else if segment.marker == 0xE2, segment.hasSignature(iccSignature, in: bytes),
                segment.count >= iccSignature.count + 2
            {
                iccChunks.append(segment)
            }
        }
        metadata.iccProfile = joinedICCProfile(iccChunks, in: bytes)
        if let exif = metadata.exif {
            (metadata.orientation, metadata.hasLocation) = exifFacts(exif)
        }
        if let xmp = metadata.xmp, LocationRecord.inXMP(xmp) { metadata.hasLocation = true }
        if !LocationRecord.locatedPackets(in: ExtendedXMP(segments: layout.segments, in: bytes)).isEmpty {
            metadata.hasLocation = true
        }
        if LocationRecord.inPhotoshopResources(photoshopResources(layout.segments, in: bytes)[...]) {
            metadata.hasLocation = true
        }
        return metadata
    }

    /// The payloads of the `APP13` segments that hold Photoshop resources, each after its
    /// signature, joined (a large resource spans several segments).
    static func photoshopResources(_ segments: [JPEGSegment], in bytes: [UInt8]) -> [UInt8] {
        let signature = PhotoshopResources.signature
        var joined: [UInt8] = []
        for segment in segments where segment.marker == 0xED && segment.hasSignature(signature, in: bytes) {
            joined += bytes[(segment.start + signature.count)..<segment.end]
        }
        return joined
    }

    /// A copy of the file with only the metadata `policy` keeps. Segments are written back with
    /// their marker and length (fill bytes and stray bytes between segments are not kept); from
    /// the first SOS through EOI, the scans and the segments between them that decoding needs
    /// (``keptBetweenScans``) are copied byte for byte with their entropy-coded data, so a file
    /// whose image data is damaged or cut short is copied as far as it goes; any other segment
    /// between scans (an APPn, a comment) and anything after EOI (the extra images of an MPF
    /// file, an appended video) is left out.
    ///
    /// What is kept is chosen from an allowlist, never by removing what is known to be bad: the
    /// segments that shape the image (frame, tables, restart interval: `C0`–`CF`, `DB`–`DF`), a
    /// JFIF APP0, the ICC
    /// profile's APP2 chunks, Adobe's APP14 and, under ``MetadataPolicy/cameraFacts``, one EXIF
    /// APP1 rebuilt by ``CameraEXIF/allowlisted(_:keepingOrientation:)``. XMP, Extended XMP, IPTC
    /// and Photoshop's APP13, comments, the JFXX thumbnail, the MPF index and every other APPn
    /// segment go.
    public static func rewrite(_ bytes: [UInt8], keeping policy: MetadataPolicy) throws(ImageError) -> [UInt8] {
        let layout = try JPEGSegment.layout(of: bytes)
        var output: [UInt8] = [0xFF, 0xD8]
        output.reserveCapacity(bytes.count)
        var wroteEXIF = false
        for segment in layout.segments {
            let payload = bytes[segment.start..<segment.end]
            switch segment.marker {
            case 0xE0:
                // The JFIF header alone: version, density, and no thumbnail.
                if segment.hasSignature(jfifSignature, in: bytes), segment.count >= 14 {
                    append(segment.marker, payload.prefix(12) + [0, 0], to: &output)
                }
            case 0xE1:
                guard policy == .cameraFacts, !wroteEXIF, let tiffStart = exifStart(segment, in: bytes),
                    let kept = CameraEXIF.allowlisted(Array(bytes[tiffStart..<segment.end]), keepingOrientation: true)
                else { continue }
                append(segment.marker, exifSignature + [0] + kept, to: &output)
                wroteEXIF = true
            case 0xE2:
                if segment.hasSignature(iccSignature, in: bytes) { append(segment.marker, payload, to: &output) }
            case 0xEE:
                // Adobe's version, flags and colour transform: what decoding needs, 12 bytes.
                if segment.hasSignature(adobeSignature, in: bytes), segment.count >= 12 {
                    append(segment.marker, payload.prefix(12), to: &output)
                }
            case 0xC0...0xCF, 0xDB...0xDF:
                // Frames, Huffman and arithmetic-coding tables, quantisation tables, restart
                // interval, line count, hierarchical progression, expansion.
                append(segment.marker, payload, to: &output)
            default:
                // Other APPn, comments, reserved JPGn: not on the list.
                continue
            }
        }
        for part in layout.scanParts where keptBetweenScans.contains(part.segment.marker) {
            append(part.segment.marker, bytes[part.segment.start..<part.segment.end], to: &output)
            output += bytes[part.data]
        }
        if layout.endsWithEOI { output += [0xFF, 0xD9] }
        return output
    }

    /// The segments a copy keeps from the first SOS on: Huffman tables (DHT), quantisation
    /// tables (DQT), restart interval (DRI), line count (DNL) and the scans (SOS).
    static let keptBetweenScans: Set<UInt8> = [0xC4, 0xDB, 0xDD, 0xDC, 0xDA]

    /// Where the TIFF structure of an EXIF APP1 segment starts. Like exiftool, this accepts
    /// `Exif\0` and any one byte (normally `\0`) after up to 4 bytes of something else, so a
    /// variant header cannot hide a GPS IFD that exiftool and other readers would still find.
    static func exifStart(_ segment: JPEGSegment, in bytes: [UInt8]) -> Int? {
        for skip in 0...4 where segment.count >= skip + exifSignature.count + 1 {
            let start = segment.start + skip
            if bytes[start..<start + exifSignature.count].elementsEqual(exifSignature) {
                return start + exifSignature.count + 1
            }
        }
        return nil
    }

    private static func append(_ marker: UInt8, _ payload: some Collection<UInt8>, to output: inout [UInt8]) {
        let length = payload.count + 2
        output += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]
        output += payload
    }

    /// The profile from its APP2 chunks (`ICC_PROFILE\0`, sequence number, count), joined by
    /// sequence number; `nil` unless the chunks number 1...count exactly once with one count.
    static func joinedICCProfile(_ chunks: [JPEGSegment], in bytes: [UInt8]) -> [UInt8]? {
        guard let first = chunks.first else { return nil }
        let header = iccSignature.count
        let count = Int(bytes[first.start + header + 1])
        guard count == chunks.count else { return nil }
        var ordered = [JPEGSegment?](repeating: nil, count: count)
        for chunk in chunks {
            let sequence = Int(bytes[chunk.start + header])
            guard Int(bytes[chunk.start + header + 1]) == count, (1...count).contains(sequence),
                ordered[sequence - 1] == nil
            else { return nil }
            ordered[sequence - 1] = chunk
        }
        return ordered.compactMap { $0 }.flatMap { bytes[$0.start + header + 2..<$0.end] }
    }
}
