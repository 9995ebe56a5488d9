@testable import TodoKit

extension ParsedDocument {
    /// Everything a parse holds besides its structure (which is `Equatable`), in a form that
    /// compares and prints: the text, the byte-order mark and front matter, every line's offsets,
    /// the directives. For tests that read a parse another way than parsing the bytes.
    var summary: [String] {
        [
            String(decoding: utf8, as: UTF8.self),
            "\(hasBOM) \(frontMatterLines) \(bytes.count)",
            (0..<lines.count).map { "\(lines.start($0))-\(lines.contentEnd($0))-\(lines.end($0))" }.joined(separator: " "),
            String(describing: directives.all.map { "\($0.line) \($0.kind)" }),
            String(describing: directives.frozen),
            String(describing: directives.problems.map(\.message)),
        ]
    }
}
