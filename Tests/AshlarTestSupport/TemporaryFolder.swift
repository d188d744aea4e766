import Foundation

/// A temporary folder removed when the value goes away.
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates `<tmp>/LABEL-<uuid>/`.
    public init(_ label: String = "ashlar-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` to `relative`, creating its folders.
    public func write(_ text: String, to relative: String) throws {
        try write(Data(text.utf8), to: relative)
    }

    /// Writes `data` to `relative`, creating its folders.
    public func write(_ data: Data, to relative: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// The UTF-8 text of `relative`.
    public func read(_ relative: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Whether `relative` exists.
    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
    }

    /// Copies a folder into this one.
    public func copy(_ source: URL, to relative: String) throws {
        let destination = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: destination)
    }
}
