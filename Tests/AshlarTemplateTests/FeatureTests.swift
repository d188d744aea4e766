import Testing

@testable import AshlarTemplate

/// One rendering example: template, data, partials and the exact output.
struct FeatureCase: Sendable, CustomTestStringConvertible {
    var id: String
    var template: String
    var data: TemplateValue = [:]
    var partials: [String: String] = [:]
    var expected: String

    var testDescription: String { id }
}

/// The engine's own examples, so a clone without `../shared/mustache-spec` still tests every feature.
@Suite
struct FeatureTests {
    static let interpolationCases: [FeatureCase] = [
        FeatureCase(
            id: "escapes the five HTML characters", template: "{{x}}",
            data: ["x": "& < > \" '"], expected: "&amp; &lt; &gt; &quot; &#39;"),
        FeatureCase(id: "triple mustache is raw", template: "{{{x}}}", data: ["x": "<b>&</b>"], expected: "<b>&</b>"),
        FeatureCase(id: "ampersand is raw", template: "{{& x }}", data: ["x": "<b>&</b>"], expected: "<b>&</b>"),
        FeatureCase(
            id: "unicode passes through", template: "café ☕ {{x}}", data: ["x": "naïve 🌍 <"],
            expected: "café ☕ naïve 🌍 &lt;"),
        FeatureCase(id: "unknown name renders empty", template: "[{{missing}}][{{a.b.c}}]", expected: "[][]"),
        FeatureCase(
            id: "data is never re-evaluated", template: "{{x}} {{{x}}}", data: ["x": "{{y}}", "y": "no"],
            expected: "{{y}} {{y}}"),
        FeatureCase(
            id: "dotted names", template: "{{photo.exif.camera}}",
            data: ["photo": ["exif": ["camera": "X100V"]]], expected: "X100V"),
        FeatureCase(
            id: "dotted name does not fall back to outer contexts", template: "{{#a}}[{{b.c}}]{{/a}}",
            data: ["a": ["b": [:]], "b": ["c": "wrong"]], expected: "[]"),
        FeatureCase(
            id: "dotted name first part resolves up the stack", template: "{{#a}}{{c.d}}{{/a}}",
            data: ["a": ["x": 1], "c": ["d": "found"]], expected: "found"),
        FeatureCase(id: "implicit iterator on a string root", template: "<{{.}}>", data: "root", expected: "<root>"),
        FeatureCase(
            id: "padding inside tags is ignored", template: "{{ x }}|{{{ x }}}|{{& x}}", data: ["x": 1],
            expected: "1|1|1"),
        FeatureCase(
            id: "true and false print as words", template: "{{t}} {{f}}", data: ["t": true, "f": false],
            expected: "true false"),
        FeatureCase(
            id: "lists, objects and null print nothing", template: "[{{l}}][{{o}}][{{n}}]",
            data: ["l": [1, 2], "o": ["a": 1], "n": nil], expected: "[][][]"),
    ]

    static let numbersCases: [FeatureCase] = [
        FeatureCase(id: "integral number", template: "{{n}}", data: ["n": 85], expected: "85"),
        FeatureCase(id: "integral double", template: "{{n}}", data: ["n": 100.0], expected: "100"),
        FeatureCase(id: "decimal", template: "{{n}}", data: ["n": 1.21], expected: "1.21"),
        FeatureCase(id: "negative", template: "{{n}}", data: ["n": -3], expected: "-3"),
        FeatureCase(id: "negative zero", template: "{{n}}", data: ["n": .number(-0.0)], expected: "0"),
        FeatureCase(
            id: "shortest round trip", template: "{{n}}", data: ["n": .number(0.1 + 0.2)],
            expected: "0.30000000000000004"),
        FeatureCase(
            id: "large integral", template: "{{n}}", data: ["n": 9_007_199_254_740_993], expected: "9007199254740992"),
        FeatureCase(id: "beyond Int64", template: "{{n}}", data: ["n": 1e21], expected: "1e+21"),
        FeatureCase(id: "aspect ratio", template: "{{n}}", data: ["n": .number(3.0 / 2.0)], expected: "1.5"),
    ]

    static let sectionsCases: [FeatureCase] = [
        FeatureCase(
            id: "section over a list", template: "{{#photos}}<{{title}}>{{/photos}}",
            data: ["photos": [["title": "a"], ["title": "b"]]], expected: "<a><b>"),
        FeatureCase(
            id: "implicit iterator in a list", template: "{{#tags}}{{.}},{{/tags}}",
            data: ["tags": ["rome", "night", 3]], expected: "rome,night,3,"),
        FeatureCase(
            id: "section over an object pushes it", template: "{{#exif}}{{iso}} {{album}}{{/exif}}",
            data: ["exif": ["iso": 200], "album": "Rome"], expected: "200 Rome"),
        FeatureCase(id: "section over true", template: "{{#b}}yes{{/b}}", data: ["b": true], expected: "yes"),
        FeatureCase(id: "section over false", template: "{{#b}}yes{{/b}}", data: ["b": false], expected: ""),
        FeatureCase(id: "inverted over false", template: "{{^b}}no{{/b}}", data: ["b": false], expected: "no"),
        FeatureCase(id: "inverted over missing", template: "{{^b}}no{{/b}}", expected: "no"),
        FeatureCase(
            id: "inverted over an empty list", template: "{{^l}}empty{{/l}}", data: ["l": []], expected: "empty"),
        FeatureCase(id: "inverted over a list", template: "{{^l}}empty{{/l}}", data: ["l": [1]], expected: ""),
        FeatureCase(id: "null is falsey", template: "{{#n}}yes{{/n}}{{^n}}no{{/n}}", data: ["n": nil], expected: "no"),
        FeatureCase(
            id: "empty string is falsey (as mustache.js)", template: "{{#s}}yes{{/s}}{{^s}}no{{/s}}", data: ["s": ""],
            expected: "no"),
        FeatureCase(
            id: "zero is falsey (as mustache.js)", template: "{{#n}}yes{{/n}}{{^n}}no{{/n}}", data: ["n": 0],
            expected: "no"),
        FeatureCase(
            id: "non-empty string is pushed", template: "{{#s}}[{{.}}]{{/s}}", data: ["s": "caption"],
            expected: "[caption]"),
        FeatureCase(
            id: "nested lists", template: "{{#rows}}({{#.}}{{.}}{{/.}}){{/rows}}", data: ["rows": [[1, 2], [3]]],
            expected: "(12)(3)"),
        FeatureCase(
            id: "dotted section name", template: "{{#photo.gps}}{{lat}}{{/photo.gps}}",
            data: ["photo": ["gps": ["lat": 41.9]]], expected: "41.9"),
    ]

    static let whitespaceCases: [FeatureCase] = [
        FeatureCase(id: "comment is removed", template: "a{{! note }}b", expected: "ab"),
        FeatureCase(id: "standalone comment line is removed", template: "a\n  {{! note }}\nb\n", expected: "a\nb\n"),
        FeatureCase(
            id: "standalone section lines are removed", template: "<ul>\n  {{#l}}\n  <li>{{.}}</li>\n  {{/l}}\n</ul>\n",
            data: ["l": [1, 2]], expected: "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>\n"),
        FeatureCase(
            id: "CRLF standalone lines", template: "a\r\n{{#b}}\r\nx\r\n{{/b}}\r\nc", data: ["b": true],
            expected: "a\r\nx\r\nc"),
        FeatureCase(
            id: "inline section keeps its line", template: "  {{#b}}yes{{/b}}\n", data: ["b": true], expected: "  yes\n"
        ),
        FeatureCase(
            id: "two tags on one line are not standalone", template: "{{#b}}{{/b}}\nx", data: ["b": true],
            expected: "\nx"),
        FeatureCase(
            id: "interpolation is never standalone", template: "  {{x}}\n", data: ["x": "v"], expected: "  v\n"),
        FeatureCase(id: "set delimiters", template: "{{=<% %>=}}(<%x%>) {{x}}", data: ["x": 1], expected: "(1) {{x}}"),
        FeatureCase(
            id: "set delimiters back", template: "{{=<% %>=}}<%x%><%={{ }}=%>{{x}}", data: ["x": 1], expected: "11"),
        FeatureCase(
            id: "standalone set-delimiter line is removed", template: "a\n{{=| |=}}\n|x|\n", data: ["x": 1],
            expected: "a\n1\n"),
        FeatureCase(
            id: "custom delimiters with triple braces", template: "{{=<% %>=}}<%{x}%>", data: ["x": "<i>"],
            expected: "<i>"),
    ]

    static let partialsCases: [FeatureCase] = [
        FeatureCase(
            id: "partial renders in the current context", template: "{{#photo}}{{> tile}}{{/photo}}",
            data: ["photo": ["title": "Tiber"]], partials: ["tile": "<{{title}}>"], expected: "<Tiber>"),
        FeatureCase(id: "missing partial renders empty", template: "[{{> nope}}]", expected: "[]"),
        FeatureCase(
            id: "standalone partial is indented", template: "<div>\n  {{> tile}}\n</div>\n",
            partials: ["tile": "<a>\n<b>\n"], expected: "<div>\n  <a>\n  <b>\n</div>\n"),
        FeatureCase(
            id: "indentation accumulates", template: "<main>\n  {{> outer}}\n</main>\n",
            partials: ["outer": "<div>\n  {{> inner}}\n</div>\n", "inner": "<p>\n"],
            expected: "<main>\n  <div>\n    <p>\n  </div>\n</main>\n"),
        FeatureCase(
            id: "inline partial is not indented", template: "  x {{> p}}\n", partials: ["p": "a\nb"],
            expected: "  x a\nb\n"),
        FeatureCase(
            id: "data newlines are not indented", template: "  {{> p}}\n", data: ["x": "1\n2"],
            partials: ["p": "[{{x}}]\n"], expected: "  [1\n2]\n"),
        FeatureCase(
            id: "empty lines of a partial are not indented", template: "  {{> p}}\n", partials: ["p": "a\n\nb\n"],
            expected: "  a\n\n  b\n"),
        FeatureCase(
            id: "partial keeps its own delimiters", template: "{{=<% %>=}}<%> p%>", data: ["x": 1],
            partials: ["p": "{{x}}"], expected: "1"),
        FeatureCase(
            id: "recursive partial bounded by data", template: "{{> node}}",
            data: ["name": "a", "children": [["name": "b", "children": []]]],
            partials: ["node": "{{name}}({{#children}}{{> node}}{{/children}})"], expected: "a(b())"),
    ]

    static let inheritanceCases: [FeatureCase] = [
        FeatureCase(
            id: "block default", template: "<title>{{$title}}Gallery{{/title}}</title>",
            expected: "<title>Gallery</title>"),
        FeatureCase(
            id: "page overrides layout blocks",
            template:
                "{{< layout}}\n{{$title}}Rome{{/title}}\n{{$content}}\n<p>{{count}} photos</p>\n{{/content}}\n{{/layout}}\n",
            data: ["count": 12],
            partials: [
                "layout":
                    "<html>\n<title>{{$title}}Gallery{{/title}}</title>\n<body>\n  {{$content}}\n  empty\n  {{/content}}\n</body>\n</html>\n"
            ],
            expected: "<html>\n<title>Rome</title>\n<body>\n  <p>12 photos</p>\n</body>\n</html>\n"),
        FeatureCase(
            id: "block not overridden keeps its default", template: "{{<layout}}{{/layout}}",
            partials: ["layout": "{{$a}}A{{/a}}{{$b}}B{{/b}}"], expected: "AB"),
        FeatureCase(
            id: "outermost override wins across levels", template: "{{<album}}{{$title}}page{{/title}}{{/album}}",
            partials: ["album": "{{<base}}{{$title}}album{{/title}}{{/base}}", "base": "<{{$title}}base{{/title}}>"],
            expected: "<page>"),
        FeatureCase(
            id: "override renders in the parent's context", template: "{{<p}}{{$b}}{{name}}{{/b}}{{/p}}",
            data: ["name": "outer", "inner": ["name": "inner"]],
            partials: ["p": "{{#inner}}{{$b}}{{/b}}{{/inner}}"], expected: "inner"),
        FeatureCase(
            id: "override is reindented to the block's place",
            template: "{{<p}}{{$b}}\n      x\n      y\n{{/b}}{{/p}}\n",
            partials: ["p": "<ul>\n    {{$b}}\n    {{/b}}\n</ul>\n"], expected: "<ul>\n    x\n    y\n</ul>\n"),
        FeatureCase(
            id: "nested blocks are reindented", template: "{{<p}}{{$inner}}\nthree\n{{/inner}}{{/p}}\n",
            partials: [
                "p": "{{<g}}{{$outer}}\n  one\n  {{$inner}}\n    two\n  {{/inner}}\n{{/outer}}{{/g}}\n",
                "g": "{{$outer}}default{{/outer}}",
            ],
            expected: "one\n  three\n"),
        FeatureCase(
            id: "text inside a parent is ignored", template: "{{<p}} ignored {{$b}}x{{/b}} ignored {{/p}}",
            partials: ["p": "[{{$b}}{{/b}}]"], expected: "[x]"),
        FeatureCase(
            id: "partial of a parent sees the overrides", template: "{{<layout}}{{$footer}}mine{{/footer}}{{/layout}}",
            partials: ["layout": "body|{{> footer}}", "footer": "{{$footer}}default{{/footer}}"], expected: "body|mine"),
    ]

    static let dynamicNamesCases: [FeatureCase] = [
        FeatureCase(
            id: "dynamic partial per item", template: "{{#items}}{{>*kind}}{{/items}}",
            data: ["items": [["kind": "image", "src": "a.jpg"], ["kind": "text", "body": "hi"]]],
            partials: ["image": "<img src=\"{{src}}\">", "text": "<p>{{body}}</p>"],
            expected: "<img src=\"a.jpg\"><p>hi</p>"),
        FeatureCase(
            id: "dynamic partial with padding", template: "{{> * kind }}", data: ["kind": "p"], partials: ["p": "P"],
            expected: "P"),
        FeatureCase(
            id: "dynamic name missing renders empty", template: "[{{>*kind}}]", partials: ["p": "P"], expected: "[]"),
        FeatureCase(
            id: "dynamic name with dots", template: "{{>*page.layout}}", data: ["page": ["layout": "wide"]],
            partials: ["wide": "W"], expected: "W"),
        FeatureCase(
            id: "dynamic parent", template: "{{<*layout}}{{$t}}mine{{/t}}{{/*layout}}", data: ["layout": "base"],
            partials: ["base": "<{{$t}}default{{/t}}>"], expected: "<mine>"),
    ]

    @Test(arguments: interpolationCases + numbersCases)
    func interpolation(_ example: FeatureCase) throws {
        #expect(try render(example.template, example.data, partials: example.partials) == example.expected)
    }

    @Test(arguments: sectionsCases)
    func sections(_ example: FeatureCase) throws {
        #expect(try render(example.template, example.data, partials: example.partials) == example.expected)
    }

    @Test(arguments: whitespaceCases)
    func whitespaceAndDelimiters(_ example: FeatureCase) throws {
        #expect(try render(example.template, example.data, partials: example.partials) == example.expected)
    }

    @Test(arguments: partialsCases)
    func partials(_ example: FeatureCase) throws {
        #expect(try render(example.template, example.data, partials: example.partials) == example.expected)
    }

    @Test(arguments: inheritanceCases)
    func inheritance(_ example: FeatureCase) throws {
        #expect(try render(example.template, example.data, partials: example.partials) == example.expected)
    }

    @Test(arguments: dynamicNamesCases)
    func dynamicNames(_ example: FeatureCase) throws {
        #expect(try render(example.template, example.data, partials: example.partials) == example.expected)
    }

    @Test
    func templateRendersManyTimes() throws {
        let template = try Template(source: "{{#l}}{{.}}{{/l}}", path: "page")
        #expect(try template.render(with: ["l": [1, 2]]) == "12")
        #expect(try template.render(with: ["l": ["a"]]) == "a")
    }
}
