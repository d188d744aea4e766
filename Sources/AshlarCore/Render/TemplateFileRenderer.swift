import AshlarTemplate
import Foundation

/// `ashlar render`: renders one template file with JSON data, its partials read from a folder.
package struct TemplateFileRenderer: Sendable {
    package var templatePath: String
    package var dataPath: String?
    /// Where `{{> name}}` finds `name.mustache`; default: the template's own folder.
    package var partialsFolder: String?

    package init(templatePath: String, dataPath: String? = nil, partialsFolder: String? = nil) {
        self.templatePath = templatePath
        self.dataPath = dataPath
        self.partialsFolder = partialsFolder
    }

    /// The rendered text, exactly, or the diagnostics that stopped it.
    package func render() -> Result<String, RenderFailure> {
        guard let templateData = FileManager.default.contents(atPath: templatePath) else {
            return .failure(RenderFailure(diagnostics: [.error("cannot read the template", path: templatePath)]))
        }
        var library = TemplateLibrary()
        var diagnostics: [Diagnostic] = []
        let folder = partialsFolder ?? (templatePath as NSString).deletingLastPathComponent
        for (name, path) in Self.partialFiles(in: folder.isEmpty ? "." : folder) {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            do {
                library[name] = try Template(source: Theme.templateSource([UInt8](data), path: path), path: path)
            } catch {
                diagnostics.append(Diagnostic(error))
            }
        }
        let template: Template
        do {
            template = try Template(
                source: Theme.templateSource([UInt8](templateData), path: templatePath), path: templatePath)
        } catch {
            return .failure(RenderFailure(diagnostics: [Diagnostic(error)]))
        }
        var data = TemplateValue.object([:])
        if let dataPath {
            guard let bytes = FileManager.default.contents(atPath: dataPath) else {
                return .failure(RenderFailure(diagnostics: [.error("cannot read the data file", path: dataPath)]))
            }
            do {
                let document = try JSONDocument(bytes: [UInt8](bytes))
                data = TemplateValue(document.root)
            } catch {
                return .failure(RenderFailure(diagnostics: [error.diagnostic(path: dataPath, bytes: [UInt8](bytes))]))
            }
        }
        // A broken partial only matters if it is used; report it when rendering fails.
        do {
            return .success(try library.render(template, with: data))
        } catch {
            return .failure(RenderFailure(diagnostics: diagnostics + [Diagnostic(error)]))
        }
    }

    package struct RenderFailure: Error, Sendable {
        package var diagnostics: [Diagnostic]
    }

    /// `name.mustache` files under `folder`, keyed by their path without the extension
    /// (`header`, `tiles/small`).
    static func partialFiles(in folder: String) -> [(String, String)] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [(String, String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            files.append((String(relative.dropLast(".mustache".count)), folder + "/" + relative))
        }
        return files.sorted { $0.0 < $1.0 }
    }
}
