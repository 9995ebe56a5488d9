@testable import TodoKit

/// The properties every input must have, each able to say what is wrong with one input.
enum FormatterCheck: String, CaseIterable, Sendable {
    /// Parsing and printing gives back the same bytes.
    case lossless
    /// Formatting succeeds (its own verification passes).
    case formats
    /// Formatting the formatted output changes nothing.
    case idempotent
    /// An input without tasks comes out byte for byte (with the indentation option: up to the
    /// leading white space of its lines).
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

    /// The bullet and indentation settings the option sweeps use, each with the pinned day.
    static let markerOptions: [FormatOptions] = [
        FormatOptions(today: today, bullet: .dash, indentation: 2),
        FormatOptions(today: today, bullet: .asterisk, indentation: 4),
        FormatOptions(today: today, bullet: .plus, indentation: 3),
        FormatOptions(today: today, bullet: .dash),
        FormatOptions(today: today, indentation: 2),
    ]

    /// What is wrong with `input` under this property, or `nil`. `judge` is needed for ``rendersAlike``.
    ///
    /// A property that needs a formatted output is not checked when formatting fails; ``formats``
    /// reports that.
    /// `options`: the formatter's options (default: ``formatter``'s); a judge must be made for the same options.
    func problem(in input: [UInt8], judge: RenderingJudge? = nil, options: FormatOptions? = nil) throws -> String? {
        let formatter = options.map { TodoFormatter(options: $0) } ?? FormatterCheck.formatter
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
            if formatter.options.indentation != nil {
                return FormatterCheck.unindented(output) == FormatterCheck.unindented(input)
                    ? nil : "no tasks, yet more than indentation changed:\n\(FormatterCheck.firstDifference(input, output))"
            }
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

    /// The lines of `bytes` without their leading spaces and tabs.
    static func unindented(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        Shrinker.lines(bytes).map { line in
            let slice = line[...]
            return slice.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
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
