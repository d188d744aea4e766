import AshlarTestSupport
import Foundation
import Testing

/// Checks every built page (and the stylesheet) with the W3C Nu checker, in one JVM run for all
/// the sites, and expects no error.
@Suite(
    .tags(.referenceTools, .slow),
    .enabled(if: NuChecker.isAvailable, "needs java and vnu.jar: run .ci/install-browser-tools"))
struct ValidatorTests {
    struct Report: Sendable {
        /// Site name -> its pages, relative to the site.
        var pages: [String: [String]]
        /// Every message, its `url` relative to the folder holding the sites (`generated/index.html`).
        var messages: [NuChecker.Message]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Built and checked once per test process; the built sites are deleted afterwards.
    static let report: Result<Report, Failure> = {
        do {
            let folder = try TemporaryFolder("ashlar-validate")
            var pages: [String: [String]] = [:]
            for name in ThemeSite.available {
                let site = try ThemeSite.build(name)
                try folder.copy(site.output, to: name)
                pages[name] = site.pages
            }
            let messages = try NuChecker.check(folder.url, css: true)
            return .success(Report(pages: pages, messages: messages))
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    /// What the Nu checker of 2020 (the version PyPI ships) reports about features standardised
    /// after it was released. These are not errors in today's HTML and CSS, so they are dropped;
    /// nothing else is.
    enum Outdated: Sendable {
        case attribute(String)
        case cssProperty(String)
        case cssAtRule(String)
        /// A `<script type>` the checker takes for a MIME type.
        case scriptType(String)
        /// `Unknown dimension.` for a length in one of these units.
        case cssUnits([String])
        /// A `sizes` value with a CSS math function other than `calc()` (`min(94vw, 63.75vh)`):
        /// the checker's parser of `sizes` knows only `calc()`.
        case sizesMathFunction(String)
        /// `Parse Error.` for a property whose value has a length in one of these units inside
        /// `calc()` (`calc(100svh - 9rem)`): the checker's CSS profile knows no such unit.
        case cssUnitsInCalc(property: String, units: [String])

        static let all: [(Outdated, because: String)] = [
            (.attribute("fetchpriority"), "Priority Hints: in the HTML Standard since 2022"),
            (.cssProperty("color-scheme"), "CSS Color Adjustment 1; in every browser since 2022"),
            (.cssProperty("aspect-ratio"), "CSS Box Sizing 4; in every browser since 2021"),
            (.cssProperty("container"), "CSS Containment 3 (container queries), 2022"),
            (.cssProperty("container-type"), "CSS Containment 3 (container queries), 2022"),
            (.cssProperty("container-name"), "CSS Containment 3 (container queries), 2022"),
            (.cssAtRule("@container"), "CSS Containment 3 (container queries), 2022"),
            (.cssUnits(["cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax"]), "CSS Containment 3 container units, 2022"),
            // CSS Logical Properties 1: the checker's CSS profile predates them; every browser has
            // had these since Chromium 87 (November 2020).
            (.cssProperty("margin-inline"), "CSS Logical Properties 1"),
            (.cssProperty("margin-inline-start"), "CSS Logical Properties 1"),
            (.cssProperty("margin-inline-end"), "CSS Logical Properties 1"),
            (.cssProperty("margin-block"), "CSS Logical Properties 1"),
            (.cssProperty("margin-block-start"), "CSS Logical Properties 1"),
            (.cssProperty("margin-block-end"), "CSS Logical Properties 1"),
            (.cssProperty("padding-inline"), "CSS Logical Properties 1"),
            (.cssProperty("padding-inline-start"), "CSS Logical Properties 1"),
            (.cssProperty("padding-inline-end"), "CSS Logical Properties 1"),
            (.cssProperty("padding-block"), "CSS Logical Properties 1"),
            (.cssProperty("padding-block-start"), "CSS Logical Properties 1"),
            (.cssProperty("padding-block-end"), "CSS Logical Properties 1"),
            (.cssProperty("inset"), "CSS Logical Properties 1"),
            (.cssProperty("inset-inline"), "CSS Logical Properties 1"),
            (.cssProperty("inset-block"), "CSS Logical Properties 1"),
            (.cssProperty("inset-inline-end"), "CSS Logical Properties 1"),
            (.cssProperty("inset-block-start"), "CSS Logical Properties 1"),
            (.cssProperty("inset-block-end"), "CSS Logical Properties 1"),
            (.cssProperty("overscroll-behavior"), "CSS Overscroll Behavior 1; in every browser since 2022"),
            (.cssProperty("overscroll-behavior-x"), "CSS Overscroll Behavior 1; in every browser since 2022"),
            (.cssAtRule("@view-transition"), "CSS View Transitions 2 (cross-document); Chromium 126, Safari 18.2"),
            (.scriptType("speculationrules"), "Speculation rules: in the HTML Standard since 2024, Chromium 121"),
            // A photo page's `sizes` caps the width by the viewport's height: `min(calc(94vw -
            // 352px), 63.75vh)`. HTML takes any CSS <length> there, and min() is one (CSS Values
            // 4); Chromium 79, Firefox 75 and Safari 11.1 read it, as PhotoPageSizesTests shows for
            // Chromium.
            (.sizesMathFunction("min"), "CSS Values 4 min() in sizes; in every browser since 2020"),
            // The photo page's viewing mode fits the photo to the small viewport (`100svh`, the
            // height with a phone's browser bars shown), after a `100vh` fallback.
            (.cssUnitsInCalc(property: "height", units: ["svh"]), "CSS Values 4 viewport units, 2022"),
            (.cssUnitsInCalc(property: "width", units: ["svh"]), "CSS Values 4 viewport units, 2022"),
        ]

        func matches(_ message: NuChecker.Message) -> Bool {
            let text = message.message
            switch self {
            case .attribute(let name):
                return text.hasPrefix("Attribute “\(name)” not allowed on element ")
            case .cssProperty(let name):
                return text == "CSS: “\(name)”: Property “\(name)” doesn't exist."
            case .cssAtRule(let name):
                return text == "CSS: Unrecognized at-rule “\(name)”"
            case .scriptType(let type):
                return text.hasPrefix("Bad value “\(type)” for attribute “type” on element “script”")
            case .cssUnits(let units):
                guard text.hasPrefix("CSS: “"), text.hasSuffix("”: Unknown dimension."), let value = message.highlighted
                else { return false }
                let number = value.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
                return !number.isEmpty && units.contains(String(value.dropFirst(number.count)))
            case .sizesMathFunction(let name):
                let badNumber = "Bad CSS number token: Expected a minus sign or a digit but saw “\(name.prefix(1))”"
                // After a media condition, or as the whole value (`min(100vw, calc(150vh - 216px))`).
                return text.hasPrefix("Bad value ") && text.contains("for attribute “sizes” on element “img”")
                    && text.contains(badNumber)
                    && (text.contains(") \(name)(") || text.hasPrefix("Bad value “\(name)("))
            case .cssUnitsInCalc(let property, let units):
                guard text == "CSS: “\(property)”: Parse Error.", let extract = message.extract else { return false }
                return units.contains { extract.range(of: "[0-9]\($0)\\b", options: .regularExpression) != nil }
            }
        }

        static func covers(_ message: NuChecker.Message) -> Bool {
            all.contains { $0.0.matches(message) }
        }
    }

    @Test func everyPageIsValidHTML() throws {
        let report = try Self.report.get()
        let pageCount = report.pages.values.map(\.count).reduce(0, +)
        // Album pages and photo pages of each site, and their keyword pages (mixed-formats: the
        // index and 8 keywords; the tagged site: keywords and places).
        #expect(
            report.pages[ThemeSite.generatedName]?.count == 14,
            "generated pages: \(report.pages[ThemeSite.generatedName] ?? [])")
        #expect(
            report.pages[ThemeSite.mixedFormatsName]?.count == 40,
            "mixed-formats pages: \(report.pages[ThemeSite.mixedFormatsName] ?? [])")
        let errors = report.messages.filter { $0.isError && !($0.url ?? "").hasSuffix(".css") && !Outdated.covers($0) }
        expectNone(errors, in: "\(pageCount) pages")
    }

    @Test func stylesheetIsValidCSS() throws {
        let report = try Self.report.get()
        let errors = report.messages.filter { $0.isError && ($0.url ?? "").hasSuffix(".css") && !Outdated.covers($0) }
        expectNone(errors, in: "the stylesheets")
    }

    /// One issue per file with errors, listing its messages like a compiler.
    private func expectNone(_ errors: [NuChecker.Message], in what: String) {
        let byFile = Dictionary(grouping: errors) { $0.url ?? "?" }
        for (file, messages) in byFile.sorted(by: { $0.key < $1.key }) {
            Issue.record(
                "Nu checker: \(messages.count) error(s) in \(file) (one of \(what)):\n\(messages.map(\.description).joined(separator: "\n"))"
            )
        }
    }
}
