import AshlarTestSupport
import Testing

@testable import AshlarTemplate

/// Bad input and runaway templates end in errors or output, never in a crash.
@Suite
struct RobustnessTests {
    /// Forty sections nested over a two-item list would render 2^40 times; the work limit stops
    /// the render with an error naming where, instead of letting a build run for hours.
    @Test
    func exponentialNestingStopsAtTheWorkLimit() throws {
        let source = String(repeating: "{{#items}}", count: 40) + "x" + String(repeating: "{{/items}}", count: 40)
        var library = try TemplateLibrary(sources: ["page": source])
        library.workLimit = 100_000
        let data: TemplateValue = ["items": [1, 2]]
        let error = #expect(throws: TemplateError.self) { try library.render("page", with: data) }
        #expect(error?.path == "page")
        #expect(error?.line == 1)
        #expect(
            error?.reason
                == "rendering stopped after more than 100000 sections, list items and partials; sections nested over lists multiply the work: page"
        )
        // Eight levels (256 renders) are far within the limit.
        let shallow = String(repeating: "{{#items}}", count: 8) + "x" + String(repeating: "{{/items}}", count: 8)
        #expect(
            try TemplateLibrary(sources: ["page": shallow]).render("page", with: data)
                == String(repeating: "x", count: 256))
    }

    @Test
    func outputStopsAtTheOutputLimit() throws {
        var library = try TemplateLibrary(sources: ["page": "{{#items}}{{text}}{{/items}}"])
        library.outputLimit = 1 << 20
        let items = TemplateValue.array(
            Array(repeating: ["text": .string(String(repeating: "a", count: 10_000))], count: 1_000))
        let error = #expect(throws: TemplateError.self) { try library.render("page", with: ["items": items]) }
        #expect(error?.reason == "rendering stopped: the page is larger than the output limit of 1 MiB")
        // One value larger than the limit, with nothing rendered after it.
        let huge = TemplateValue.string(String(repeating: "b", count: (1 << 20) + 1))
        let single = try TemplateLibrary(sources: ["page": "{{text}}"])
        var limited = single
        limited.outputLimit = 1 << 20
        let last = #expect(throws: TemplateError.self) { try limited.render("page", with: ["text": huge]) }
        #expect(last?.reason == "rendering stopped: the page is larger than the output limit of 1 MiB")
        library.outputLimit = 16 << 20
        #expect(try library.render("page", with: ["items": items]).utf8.count == 10_000_000)
    }

    @Test
    func mutualPartialRecursionNamesTheChain() throws {
        let library = try TemplateLibrary(sources: ["a": "A{{> b}}", "b": "B{{> a}}"])
        #expect(
            throws: TemplateError(
                path: "a", line: 1, column: 2,
                reason: "partial recursion deeper than 100 levels: a -> b -> a -> …"
            )
        ) {
            try library.render("a", with: [:])
        }
    }

    @Test
    func selfRecursionInsideASectionNamesTheChain() throws {
        let library = try TemplateLibrary(sources: [
            "page": "<main>\n{{> tile}}\n</main>", "tile": "{{#a}}\n  {{> tile}}\n{{/a}}\n",
        ])
        #expect(
            throws: TemplateError(
                path: "tile", line: 2, column: 3,
                reason: "partial recursion deeper than 100 levels: page -> tile -> tile -> …"
            )
        ) {
            try library.render("page", with: ["a": true])
        }
    }

    @Test
    func parentRecursionIsCaughtToo() throws {
        let library = try TemplateLibrary(sources: ["layout": "{{<layout}}{{$a}}x{{/a}}{{/layout}}"])
        #expect(
            throws: TemplateError(
                path: "layout", line: 1, column: 1,
                reason: "partial recursion deeper than 100 levels: layout -> layout -> …"
            )
        ) {
            try library.render("layout", with: [:])
        }
    }

    @Test
    func dynamicRecursionIsCaughtToo() throws {
        let library = try TemplateLibrary(sources: ["loop": "{{>*next}}"])
        let error = #expect(throws: TemplateError.self) {
            try library.render("loop", with: ["next": "loop"])
        }
        #expect(error?.reason == "partial recursion deeper than 100 levels: loop -> loop -> …")
    }

    @Test
    func recursionWithinTheLimitRenders() throws {
        // A data-driven tree 50 levels deep: partial depth 50, nesting 100.
        var tree: TemplateValue = ["name": "leaf", "children": []]
        for level in 0..<50 {
            tree = ["name": .string("n\(level)"), "children": [tree]]
        }
        let library = try TemplateLibrary(sources: ["node": "{{name}}{{#children}}/{{> node}}{{/children}}"])
        let output = try library.render("node", with: tree)
        #expect(output.hasPrefix("n49/n48/"))
        #expect(output.hasSuffix("/n0/leaf"))
    }

    @Test
    func renderNestingAcrossPartialsIsLimited() throws {
        let sections = Parser.maximumNesting - 1
        let source =
            String(repeating: "{{#a}}", count: sections) + "{{> deep}}" + String(repeating: "{{/a}}", count: sections)
        let library = try TemplateLibrary(sources: ["deep": source])
        let error = #expect(throws: TemplateError.self) {
            try library.render("deep", with: ["a": true])
        }
        #expect(
            error?.reason
                == "templates nested more than \(Renderer.maximumNesting) levels deep while rendering: deep -> deep")
        #expect(error?.path == "deep")
    }

    static let oddInputs: [String] = [
        "}}", "{{", "{", "}", "{{{", "}}}", "{{}", "{}}", "{{{{}}}}", "}}{{", "{{#}}", "{{/}}", "{{^}}", "{{!}}",
        "{{!", "{{=}}", "{{= =}}", "{{=a=}}", "{{>}}", "{{<}}", "{{$}}", "{{&}}", "{{.}}", "{{..}}", "{{a..b}}",
        "{{#.}}{{/.}}", "{{>*}}", "{{>**}}", "{{<*x}}{{/x}}", "{{#a}}{{/a}}{{/a}}", "{{$a}}{{$a}}{{/a}}{{/a}}",
        "{{<p}}{{$a}}{{/a}}", "\r\n{{#a}}\r", "{{=| |=}}|#a||/a|", "{{={{ }}=}}", "\u{0}{{\u{0}}}", "{{é}}",
        "{{#☕}}x{{/☕}}",
    ]

    @Test(arguments: oddInputs)
    func oddInputGivesAnErrorOrOutput(_ source: String) {
        do {
            let template = try Template(source: source, path: "odd")
            let library = TemplateLibrary(templates: ["odd": template, "p": template, "x": template])
            do {
                // Rendering gives output, or an error that says where and why.
                _ = try library.render("odd", with: ["a": true, "x": "odd", ".": "dot"])
            } catch {
                #expect(error.line >= 1)
                #expect(!error.reason.isEmpty)
            }
        } catch {
            #expect(error.line >= 1)
            #expect(error.column >= 1)
            #expect(!error.reason.isEmpty)
        }
    }

    @Test
    func seededGarbageNeverCrashes() {
        let alphabet: [String] = [
            "{{", "}}", "{", "}", "#", "^", "/", "!", ">", "<", "$", "=", "&", "*", ".", " ", "\n", "\r\n", "\t",
            "a", "b", "p", "x", "é", "☕", "{{#a}}", "{{/a}}", "{{>p}}", "{{<p}}", "{{/p}}", "{{$b}}", "{{/b}}",
            "{{=<% %>=}}", "<%", "%>", "{{x}}", "{{{x}}}", "{{>*x}}",
        ]
        var generator = SeededGenerator(seed: 0xA5_4C_A7)
        var parsed = 0
        var rejected = 0
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let source = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
            do {
                let template = try Template(source: source, path: "garbage")
                let library = TemplateLibrary(templates: ["p": template, "garbage": template])
                let data: TemplateValue = ["a": [true, ["a": false]], "x": "p", "b": "<&>"]
                let first = try? library.render("garbage", with: data)
                let second = try? library.render("garbage", with: data)
                #expect(first == second)
                parsed += 1
            } catch {
                // Count line feeds as bytes: "\r\n" is a single Character in Swift.
                let lines = source.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
                #expect((1...lines).contains(error.line), "\(error) for \(source.debugDescription)")
                #expect(error.column >= 1)
                rejected += 1
            }
        }
        #expect(parsed > 0)
        #expect(rejected > 0)
    }

    @Test
    func seededRandomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            let source = String(decoding: bytes, as: UTF8.self)
            if let template = try? Template(source: source, path: "bytes") {
                #expect((try? template.render(with: ["a": 1])) != nil)
            }
        }
    }

    @Test
    func hugeInputsRender() throws {
        let source = String(repeating: "<li>{{x}}</li>\n", count: 100_000)
        let output = try render(source, ["x": "ab"])
        #expect(output.utf8.count == 100_000 * "<li>ab</li>\n".utf8.count)

        let unclosed = String(repeating: "{{x}}", count: 100_000) + "{{"
        #expect(parseError(unclosed)?.column == 500_001)
    }

    @Test
    func largeListRendersEveryItem() throws {
        let items = TemplateValue.array((0..<10_000).map { .object(["n": .number(Double($0))]) })
        let library = try TemplateLibrary(sources: ["tile": "<{{n}}>"])
        let page = try Template(source: "{{#items}}\n{{> tile}}\n{{/items}}\n", path: "page")
        let output = try library.render(page, with: ["items": items])
        #expect(output.hasPrefix("<0><1><2>"))
        #expect(output.hasSuffix("<9998><9999>"))
    }
}
