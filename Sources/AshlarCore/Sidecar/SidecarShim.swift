// Temporary stand-in for the full sidecar readers (being written on the `sidecar` branch).
public struct SidecarReading: Sendable, Equatable {
    public var metadata: PhotoMetadata
    public var diagnostics: [Diagnostic]
    public init(metadata: PhotoMetadata = PhotoMetadata(), diagnostics: [Diagnostic] = []) {
        self.metadata = metadata
        self.diagnostics = diagnostics
    }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

public enum Sidecar {
    public static let maximumSize = 1 << 20
    public static let maximumDimension = 100_000

    public static func sizeDiagnostic(byteCount: Int, path: String) -> Diagnostic? {
        byteCount > maximumSize ? .error("sidecar is larger than 1 MiB", path: path) : nil
    }

    public static func read(_ bytes: [UInt8], path: String, language: String? = nil) -> SidecarReading {
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch {
            return SidecarReading(diagnostics: [.error(error.reason, path: path, at: SourceLocation(offset: error.offset, in: bytes))])
        }
        var reading = SidecarReading()
        for key in ["width", "height"] {
            guard let value = document.root[key] else { continue }
            if let number = value.numberValue, number >= 1, number <= 100_000, number == number.rounded() {
                if key == "width" { reading.metadata.width = Int(number) } else { reading.metadata.height = Int(number) }
            } else {
                reading.diagnostics.append(.error("'\(key)' must be a positive whole number", path: path, at: document.location(of: value.offset), key: key))
            }
        }
        reading.metadata.title = document.root["title"]?.stringValue
        reading.metadata.alt = document.root["alt"]?.stringValue
        reading.metadata.caption = document.root["caption"]?.stringValue
        reading.metadata.src = document.root["src"]?.stringValue
        return reading
    }
}
