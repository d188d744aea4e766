extension ImageHeaderReader {
    /// Reads the JPEG's headers through its first scan header with AshlarImage's own reader
    /// (`JPEGHeader`), so the scan accepts exactly the files the decoder decodes, then the EXIF
    /// and XMP `APP1` and the IPTC `APP13` segments found on the way.
    static func scanJPEG(_ prefix: [UInt8], isWholeFile: Bool) -> HeaderScan {
        switch JPEGHeader.read(prefix, isWholeFile: isWholeFile) {
        case .failure(let error):
            return .invalid(ImageFormat.jpeg.describing(error))
        case .needsMoreBytes(let needed):
            return .needs(needed)
        case .header(let jpeg):
            var collector = EmbeddedMetadataCollector()
            let bytes = ByteWindow(prefix)
            for segment in jpeg.applicationSegments where segment.marker == 0xE1 || segment.marker == 0xED {
                let payload = bytes.window(segment.start, count: segment.count)
                if segment.marker == 0xE1 { collector.addAPP1(payload) } else { collector.addAPP13(payload) }
            }
            var header = ImageHeader(
                format: .jpeg, width: jpeg.width, height: jpeg.height,
                orientation: collector.exif?.orientation ?? 1)
            header.embedded = collector.embedded
            return .header(header)
        }
    }
}
