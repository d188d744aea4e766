import Foundation

/// Writes the site into the output folder, and only there: every path is checked to stay inside
/// it, and every file is written under a temporary name and renamed into place, so a reader never
/// sees half a file.
struct OutputWriter {
    var paths: SitePaths

    /// Counts of what a write did.
    struct Summary: Sendable, Equatable {
        var written = 0
        var unchanged = 0
    }

    func write(_ files: [OutputFile]) throws(BuildError) -> Summary {
        var summary = Summary()
        var createdFolders = Set<String>()
        for file in files {
            guard Self.isSafeRelativePath(file.path) else {
                throw BuildError(.io, path: file.path, message: "refusing to write outside the output folder")
            }
            let destination = paths.outputFile(file.path)
            let folder = (destination as NSString).deletingLastPathComponent
            if createdFolders.insert(folder).inserted {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw BuildError(.io, path: folder, message: "cannot create folder: \(SourceScanner.reason(error))")
                }
            }
            let data: Data
            switch file.contents {
            case .bytes(let bytes):
                data = Data(bytes)
            case .copy(let sourcePath):
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: paths.sourceFile(sourcePath)))
                } catch {
                    throw BuildError(.io, path: paths.display(sourcePath), message: "cannot read: \(SourceScanner.reason(error))")
                }
            }
            if let existing = FileManager.default.contents(atPath: destination), existing == data {
                summary.unchanged += 1
                continue
            }
            try writeAtomically(data, to: destination)
            summary.written += 1
        }
        return summary
    }

    private func writeAtomically(_ data: Data, to destination: String) throws(BuildError) {
        let folder = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        let temporary = folder + "/.\(name).ashlar-\(getpid()).tmp"
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw BuildError(.io, path: destination, message: "cannot write: \(SourceScanner.reason(error))")
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw BuildError(.io, path: destination, message: "cannot write: \(reason)")
        }
    }

    /// A relative path with no empty, `.` or `..` segment, no NUL and no backslash.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }
}
