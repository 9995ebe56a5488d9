@testable import TodoKit

/// Judges a formatting by GitHub's renderer: input and output must render the same, up to what the
/// format rules allow (see ``HTMLNormalizer``).
struct RenderingJudge: Sendable {
    /// The renderer.
    let renderer: CmarkRenderer
    /// The canonical form.
    let normalizer: HTMLNormalizer

    /// The options the judged outputs were formatted with (they decide which lists stay in order).
    let options: FormatOptions

    /// A judge stamping with `today`, for outputs formatted with `options` (default: the defaults on `today`).
    init(renderer: CmarkRenderer, today: Day, options: FormatOptions? = nil) {
        self.renderer = renderer
        self.normalizer = HTMLNormalizer(today: today)
        self.options = options ?? FormatOptions(today: today)
    }

    /// How an input renders, with its lists in the order the formatter must give them.
    struct Rendering {
        /// The input's front matter, hidden from the renderer.
        let frontMatter: [UInt8]
        /// The HTML cmark-gfm renders for the rest.
        let html: String
        /// Its canonical form with the format rules applied.
        let canonical: String
    }

    /// `nil` when `output` renders like `input`; otherwise where and how the renderings differ.
    func difference(input: [UInt8], output: [UInt8]) throws -> String? {
        try difference(rendering(input), output: output)
    }

    /// The rendering of an input.
    func rendering(_ input: [UInt8]) throws -> Rendering {
        let (frontMatter, body) = FrontMatter.split(input)
        let html = try renderer.render(body, sourcePositions: true)
        // The lists the engine deliberately leaves unsorted, 1-based (the body keeps the line numbers).
        let parsed = ParsedDocument(validated: input)
        let kept = Set(CanonicalForm.listsKeptInPlace(parsed, options: options).map { $0 + 1 })
        // The lines ignore directives freeze (a list holding one is among the kept lists).
        let ignored = Set(parsed.directives.frozen.flatMap { $0 }.map { $0 + 1 })
        let canonical = normalizer.canonical(html, source: Shrinker.lines(body), applyingRules: true, keptLists: kept, ignoredLines: ignored)
        return Rendering(frontMatter: frontMatter, html: html, canonical: canonical)
    }

    /// Like ``difference(input:output:)`` with the input's rendering already made. The output's lists
    /// are taken in the order written: they must already have their completed tasks at the bottom.
    func difference(_ input: Rendering, output: [UInt8]) throws -> String? {
        let (frontMatter, body) = FrontMatter.split(output)
        guard frontMatter == input.frontMatter else {
            return "the front matter changed:\n\(FormatterCheck.firstDifference(input.frontMatter, frontMatter))"
        }
        let html = try renderer.render(body, sourcePositions: true)
        let canonical = normalizer.canonical(html, source: Shrinker.lines(body), applyingRules: false)
        return RenderingJudge.difference(input.canonical, canonical,
                                         rawBefore: input.html, rawAfter: html)
    }

    /// Describes the first differing line of two canonical forms, or `nil` when they are equal.
    static func difference(_ before: String, _ after: String, rawBefore: String, rawAfter: String) -> String? {
        guard before != after else { return nil }
        let a = before.split(separator: "\n", omittingEmptySubsequences: false)
        let b = after.split(separator: "\n", omittingEmptySubsequences: false)
        var line = 0
        while line < a.count, line < b.count, a[line] == b[line] { line += 1 }
        func excerpt(_ lines: [Substring]) -> String {
            lines[max(0, line - 2)..<min(lines.count, line + 3)].map { "    | \($0)" }.joined(separator: "\n")
        }
        return """
        renderings differ at canonical line \(line + 1):
          input renders (canonical):
        \(excerpt(a))
          output renders (canonical):
        \(excerpt(b))
          input html:
        \(indent(rawBefore))
          output html:
        \(indent(rawAfter))
        """
    }

    private static func indent(_ html: String) -> String {
        let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.prefix(60).map { "    | \($0)" }.joined(separator: "\n")
        return lines.count > 60 ? shown + "\n    | … (\(lines.count - 60) more lines)" : shown
    }
}
