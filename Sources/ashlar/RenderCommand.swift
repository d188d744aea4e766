import AshlarCore

/// `ashlar render TEMPLATE [--data FILE.json] [--partials DIR]`: the template author's tool.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render one template with JSON data to standard output.",
        arguments: [.init(name: "TEMPLATE", help: "The template file.", defaultValue: nil)],
        options: [
            .init(long: "data", short: "d", valueName: "FILE", help: "JSON data to render with.", defaultValue: "{}"),
            .init(long: "partials", short: "p", valueName: "DIR", help: "Where {{> name}} finds name.mustache.", defaultValue: "the template's folder"),
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let renderer = TemplateFileRenderer(
            templatePath: arguments.positional(0, default: ""),
            dataPath: arguments.values["data"],
            partialsFolder: arguments.values["partials"])
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
