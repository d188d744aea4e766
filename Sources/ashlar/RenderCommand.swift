import AshlarCore

/// `ashlar render`: one template with JSON data, the template author's tool.
struct RenderCommand: Command, Equatable {
    var template = ""
    var data: String?
    var partials: String?

    static let name = "render"
    static let abstract = "Render one template with JSON data to standard output."
    static let arguments: [ArgumentDeclaration<Self>] = [
        .init(name: "TEMPLATE", help: "The template file.", isRequired: true, field: \.template)
    ]
    static let options: [OptionDeclaration<Self>] = [
        .string(
            \.data, long: "data", short: "d", placeholder: "FILE", help: "JSON data to render with.", default: "{}"),
        .string(
            \.partials, long: "partials", short: "p", placeholder: "DIR", help: "Where {{> name}} finds name.mustache.",
            default: "the template's folder"),
    ]

    func run() -> Int32 {
        let renderer = TemplateFileRenderer(templatePath: template, dataPath: data, partialsFolder: partials)
        switch renderer.render() {
        case .success(let text):
            Output.write(text)
            return 0
        case .failure(let failure):
            for diagnostic in failure.diagnostics { Output.error(diagnostic.description) }
            return 1
        }
    }
}
