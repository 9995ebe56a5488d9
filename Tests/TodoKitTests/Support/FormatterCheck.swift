@testable import TodoKit

/// The properties every input must have, each able to say what is wrong with one input.
enum FormatterCheck: String, CaseIterable, Sendable {
    /// Parsing and printing gives back the same bytes.
    case lossless
    /// Formatting succeeds (its own verification passes).
    case formats
    /// Formatting the formatted output changes nothing.
    case idempotent
    /// An input without tasks comes out byte for byte.
    case unchangedWithoutTasks
    /// Input and output render alike on GitHub, up to what the format rules allow.
    case rendersAlike
    /// Every task item GitHub renders with a checkbox is a task for the parser too (the rules'
    /// tasks are a superset of GFM's); YAML front matter, which GitHub does not know, is left out.
    case findsRenderedTasks

    /// The pinned day all formatting in these tests uses.
    static let today = Day("2026-11-21")!
    /// The formatter with default options and the pinned day.
    static let formatter = TodoFormatter(options: FormatOptions(today: today))

    /// What is wrong with `input` under this property, or `nil`. `judge` is needed for ``rendersAlike``.
    ///
    /// A property that needs a formatted output is not checked when formatting fails; ``formats``
    /// reports that.
    func problem(in input: [UInt8], judge: RenderingJudge? = nil) throws -> String? {
        let formatter = FormatterCheck.formatter
        switch self {
        case .lossless:
            let document: TodoDocument
            do { document = try TodoDocument(utf8: input) } catch { return "does not parse: \(error)" }
            return document.utf8 == input ? nil : "printing the parsed document changes it:\n\(FormatterCheck.firstDifference(input, document.utf8))"
        case .formats:
            do {
                _ = try formatter.format(utf8: input)
                return nil
            } catch {
                return "formatting fails: \(error)"
            }
        case .idempotent:
            guard let once = try? formatter.format(utf8: input) else { return nil }
            let twice: [UInt8]
            do { twice = try formatter.format(utf8: once) } catch { return "formatting the output fails: \(error)" }
            return once == twice ? nil : "not idempotent; first output vs second:\n\(FormatterCheck.firstDifference(once, twice))"
        case .unchangedWithoutTasks:
            guard let document = try? TodoDocument(utf8: input), document.tasks.isEmpty else { return nil }
            let output: [UInt8]
            do { output = try formatter.format(utf8: input) } catch { return "formatting fails: \(error)" }
            return output == input ? nil : "no tasks, yet the output differs:\n\(FormatterCheck.firstDifference(input, output))"
        case .rendersAlike:
            guard let judge else { return nil }
            guard let output = try? formatter.format(utf8: input) else { return nil }
            return try judge.difference(input: input, output: output)
        case .findsRenderedTasks:
            guard let judge, let document = try? TodoDocument(utf8: input) else { return nil }
            let html = try judge.renderer.render(FrontMatter.split(input).blanked)
            let rendered = html.components(separatedBy: "<li><input type=\"checkbox\" ").count - 1
            guard document.tasks.count < rendered else { return nil }
            return "cmark-gfm renders \(rendered) task checkbox(es), the parser finds \(document.tasks.count) task(s):\n\(html)"
        }
    }

    /// The first line where two byte strings differ, shown as Swift literals.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let linesA = a.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let linesB = b.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var line = 0
        while line < linesA.count, line < linesB.count, linesA[line] == linesB[line] { line += 1 }
        func show(_ lines: [ArraySlice<UInt8>]) -> String {
            line < lines.count ? SwiftLiteral.of(Array(lines[line])) : "(no such line)"
        }
        return "  line \(line + 1): \(show(linesA))\n       now: \(show(linesB))"
    }
}
