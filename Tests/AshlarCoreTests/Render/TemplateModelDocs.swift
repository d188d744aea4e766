import Foundation

@testable import AshlarCore

/// Templates/README.md's variable tables, generated from the template models' declarations in
/// `Sources/AshlarCore/Render/Models/`: each model's stored properties are its keys, their doc
/// comments the keys' meanings. Run `ASHLAR_UPDATE_README=1 swift test --filter
/// TemplateVariablesTests` to write the tables into the README.
struct TemplateModelDocs {
    /// One key of a model.
    struct Field: Equatable {
        var name: String
        /// As declared: `String?`, `[PhotoTile]`, `Encoded<SiteSummary>`.
        var type: String
        var doc: String

        var isOptional: Bool { type.hasSuffix("?") }
    }

    /// A model: a struct conforming to `TemplateValueConvertible`.
    struct Model {
        var name: String
        var doc: String
        var fields: [Field]
    }

    /// The page models, in the README's order; the parts they hold follow, in the order first met.
    static let pages = ["AlbumPage", "PhotoPage", "TermPage", "TermIndexPage", "TextPage", "StylesheetData"]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardizedFileURL
    static let modelsFolder = root.appendingPathComponent("Sources/AshlarCore/Render/Models")
    static let readme = root.appendingPathComponent("Templates/README.md")
    static let begin = "<!-- The tables below are generated from Sources/AshlarCore/Render/Models/ -->"
    static let end = "<!-- End of the generated tables -->"

    var models: [String: Model] = [:]
    /// Declarations the parser could not read as a key: a stored property without a doc comment.
    var problems: [String] = []

    init() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.modelsFolder.path).sorted()
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.modelsFolder.appendingPathComponent(file), encoding: .utf8)
            parse(text, file: file)
        }
        let words = try String(contentsOf: Self.wordKeys, encoding: .utf8)
        parseWords(words, file: Self.wordKeys.lastPathComponent)
    }

    /// `ThemeWords.Key`'s declaration, whose cases are the keys of `words`.
    static let wordKeys = root.appendingPathComponent("Sources/AshlarCore/Language/ThemeWords+Key.swift")

    /// `words`: one key per `case` of `ThemeWords.Key`, its meaning the case's doc comment and
    /// its English text.
    mutating func parseWords(_ text: String, file: String) {
        var fields: [Field] = []
        var doc: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = line.drop { $0 == " " }
            if body.hasPrefix("///") {
                doc.append(body.dropFirst(3).trimmingCharacters(in: .whitespaces))
                continue
            }
            defer { doc = [] }
            guard let match = body.wholeMatch(of: /case (\w+)/) else { continue }
            let name = String(match.1)
            if doc.isEmpty { problems.append("\(file):\(number + 1): '\(name)' has no doc comment") }
            let english = ThemeWords.Key(rawValue: name).map { ThemeWords()[$0] } ?? ""
            fields.append(
                Field(name: name, type: "String", doc: doc.joined(separator: " ") + "; English: \"\(english)\""))
        }
        models["ThemeWords"] = Model(
            name: "ThemeWords",
            doc:
                "`words`, on every page: the theme's words in the site's `language`, with `ashlar.json`'s `words` "
                + "over them. Words with `{placeholders}` are filled in by Ashlar, and templates receive the filled "
                + "text (`positionText`, `photoCountText`, `pagination.label`, `gallery.label`); the others are "
                + "shown as they are (`{{words.next}}`).",
            fields: fields)
    }

    /// Reads `struct NAME…: …TemplateValueConvertible` declarations and the `var name: Type`
    /// lines one level inside them; a property's doc comment is the `///` lines above it.
    mutating func parse(_ text: String, file: String) {
        var doc: [String] = []
        // The structs open around the line, innermost last, with their indentation.
        var open: [(name: String, indent: Int)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if body.hasPrefix("///") {
                doc.append(body.dropFirst(3).trimmingCharacters(in: .whitespaces))
                continue
            }
            defer { doc = [] }
            if let last = open.last, indent == last.indent, body == "}" {
                open.removeLast()
            } else if let match = body.wholeMatch(of: /struct (\w+): [^<]*TemplateValueConvertible \{/) {
                let name = String(match.1)
                models[name] = Model(name: name, doc: doc.joined(separator: " "), fields: [])
                open.append((name, indent))
            } else if let last = open.last, indent == last.indent + 4,
                let match = body.wholeMatch(of: /var (\w+): ([^={]+)/)
            {
                let field = Field(
                    name: String(match.1), type: String(match.2).trimmingCharacters(in: .whitespaces),
                    doc: doc.joined(separator: " "))
                if field.doc.isEmpty { problems.append("\(file):\(number + 1): '\(field.name)' has no doc comment") }
                models[last.name]?.fields.append(field)
            }
        }
    }

    /// `Encoded<X>` is `X`; a nested type is named by its last component.
    static func baseName(_ type: String) -> (name: String, isList: Bool, isOptional: Bool) {
        var name = Substring(type)
        let isOptional = name.hasSuffix("?")
        if isOptional { name = name.dropLast() }
        if name.hasPrefix("Encoded<") { name = name.dropFirst("Encoded<".count).dropLast() }
        let isList = name.hasPrefix("[")
        if isList { name = name.dropFirst().dropLast() }
        if name.hasPrefix("Encoded<") { name = name.dropFirst("Encoded<".count).dropLast() }
        return (String(name.split(separator: ".").last ?? name), isList, isOptional)
    }

    /// How the README writes a field's type.
    func typeText(_ type: String) -> String {
        let (name, isList, isOptional) = Self.baseName(type)
        let plain = ["String": "string", "Int": "number", "Double": "number", "Bool": "bool"]
        var text: String
        if let word = plain[name] {
            text = isList ? "list of \(word)s" : word
        } else {
            let link = "[`\(name)`](#\(name.lowercased()))"
            text = isList ? "list of \(link)" : link
        }
        if isOptional { text += ", optional" }
        return text
    }

    /// The models in the README's order: the pages, then each part after the first model holding it.
    var ordered: [Model] {
        var names: [String] = []
        var queue = Self.pages
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard !names.contains(name), let model = models[name] else { continue }
            names.append(name)
            queue += model.fields.map { Self.baseName($0.type).name }.filter { models[$0] != nil }
        }
        return names.compactMap { models[$0] }
    }

    /// The generated text between `begin` and `end`.
    var markdown: String {
        var text = "\n"
        for model in ordered {
            text += "\n### \(model.name)\n\n\(model.doc)\n\n| name | type | meaning |\n|---|---|---|\n"
            for field in model.fields {
                let meaning = field.doc.replacingOccurrences(of: "|", with: "\\|")
                text += "| `\(field.name)` | \(typeText(field.type)) | \(meaning) |\n"
            }
        }
        return text + "\n"
    }

    /// The README's text between the markers; nil without them.
    static func readmeTables() throws -> String? {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.upperBound..<stop.lowerBound])
    }

    /// Writes `markdown` between the README's markers.
    func writeReadme() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        guard let start = text.range(of: Self.begin),
            let stop = text.range(of: Self.end, range: start.upperBound..<text.endIndex)
        else { return }
        let updated = text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: markdown)
        try updated.write(to: Self.readme, atomically: true, encoding: .utf8)
    }
}
