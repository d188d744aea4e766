import AshlarTemplate
import Foundation

/// The files a site is rendered with: the default theme embedded in the binary, with any file of
/// the user's `templates/` folder taking the place of the default file of the same name.
package struct Theme: Sendable {
    /// Every file by its path relative to the theme root (`album.mustache`, `assets/ashlar.css.mustache`).
    package private(set) var files: [String: ThemeFile]

    package struct ThemeFile: Sendable, Equatable {
        package var bytes: [UInt8]
        /// Where the file came from, for diagnostics: `Templates/album.mustache` for the default
        /// theme, the user's path for an override.
        package var displayPath: String
        package var isOverride: Bool
    }

    /// The default theme, as embedded at build time from `Templates/`.
    package static let builtIn: Theme = {
        var files: [String: ThemeFile] = [:]
        for (path, base64) in EmbeddedTheme.base64Files {
            let bytes = Data(base64Encoded: base64).map { [UInt8]($0) } ?? []
            files[path] = ThemeFile(bytes: bytes, displayPath: "Templates/" + path, isOverride: false)
        }
        return Theme(files: files)
    }()

    package init(files: [String: ThemeFile]) {
        self.files = files
    }

    /// This theme with the user's files in place of the defaults of the same name (and any new
    /// files added). Keys are paths relative to the user's templates folder.
    package func overriding(with userFiles: [String: (bytes: [UInt8], displayPath: String)]) -> Theme {
        var copy = self
        for (path, file) in userFiles {
            copy.files[path] = ThemeFile(bytes: file.bytes, displayPath: file.displayPath, isOverride: true)
        }
        return copy
    }

    /// Template names (paths without `.mustache`) mapped to their files.
    package var templateFiles: [String: ThemeFile] {
        var templates: [String: ThemeFile] = [:]
        for (path, file) in files where path.hasSuffix(".mustache") {
            templates[String(path.dropLast(".mustache".count))] = file
        }
        return templates
    }

    /// Parses every template once. Syntax errors are reported with the file, line and column;
    /// a static reference to a missing partial is a warning (it renders empty, as in Mustache).
    package func library() -> (TemplateLibrary, [Diagnostic]) {
        var library = TemplateLibrary()
        var diagnostics: [Diagnostic] = []
        var broken: Set<String> = []
        for (name, file) in templateFiles.sorted(by: { $0.key < $1.key }) {
            do {
                let source = try Self.templateSource(file.bytes, path: file.displayPath)
                library[name] = try Template(source: source, path: file.displayPath)
            } catch {
                diagnostics.append(Diagnostic(error))
                broken.insert(name)
            }
        }
        // A template with an error of its own is not also "not found" where it is used.
        for missing in library.missingReferences() where !broken.contains(missing.reference.name) {
            let reference = missing.reference
            let kind = reference.kind == .parent ? "parent template" : "partial"
            diagnostics.append(
                Diagnostic(
                    .warning, path: missing.template, line: reference.line, column: reference.column,
                    message: "\(kind) '\(reference.name)' not found; it renders as nothing"))
        }
        return (library, diagnostics)
    }

    /// A template file's text: UTF-8, without the byte order mark some editors write first (it
    /// would land in the middle of a page). Invalid UTF-8 is an error at the first bad byte.
    static func templateSource(_ bytes: [UInt8], path: String) throws(TemplateError) -> String {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        if let source = String(validating: text, as: UTF8.self) { return source }
        var iterator = text.makeIterator()
        var decoder = UTF8()
        var offset = text.startIndex
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        let location = SourceLocation(offset: offset, in: bytes)
        throw TemplateError(
            path: path, line: location.line, column: location.column,
            reason: "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true))")
    }
}
