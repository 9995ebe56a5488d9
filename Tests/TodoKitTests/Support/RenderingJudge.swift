@testable import TodoKit

/// Judges a formatting by GitHub's renderer: input and output must render the same, up to what the
/// format rules allow (see ``HTMLNormalizer``).
struct RenderingJudge: Sendable {
    /// The renderer.
    let renderer: CmarkRenderer
    /// The canonical form.
    let normalizer: HTMLNormalizer

    /// A judge stamping with `today`.
    init(renderer: CmarkRenderer, today: Day) {
        self.renderer = renderer
        self.normalizer = HTMLNormalizer(today: today)
    }

    /// `nil` when `output` renders like `input`; otherwise where and how the renderings differ.
    func difference(input: [UInt8], output: [UInt8]) throws -> String? {
        let before = try renderer.render(input)
        let after = try renderer.render(output)
        return RenderingJudge.difference(normalizer.canonical(before), normalizer.canonical(after),
                                         rawBefore: before, rawAfter: after)
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
