@testable import TodoKit

/// The verifier asked about any output, as tests hand it made-up ones: the formatter's own path
/// proves stability with its dry run before it verifies, so here that proof is made first.
extension FormatVerifier {
    /// Throws `TodoError.verificationFailed` when `output` is not a faithful formatting of `input`,
    /// or when formatting it again would change it.
    static func verify(input: ParsedDocument, output: [UInt8], options: FormatOptions) throws(TodoError) {
        let out = ParsedDocument(validated: output, like: input)
        try verify(Expectation(input, taskKeys: nil, options: options), output: out, outputTaskKeys: nil)
        if let problem = out.bytes.withUnsafeBufferPointer({ unstable(out, $0, options) }) {
            throw .verificationFailed(problem)
        }
    }

    /// Why formatting `doc` again would change it, if it would.
    private static func unstable(_ doc: ParsedDocument, _ buf: UnsafeBufferPointer<UInt8>, _ options: FormatOptions) -> String? {
        guard CanonicalForm.wouldChange(doc, options: options) else { return nil }
        let again = CanonicalForm.render(doc, options: options)
        guard !doc.isPrinted(as: again) else { return nil }
        // Name the first line that would change.
        let lines = doc.lines
        var line = 0
        var offset = doc.hasBOM ? 3 : 0
        while line < lines.count {
            let length = lines.ends[line] - lines.starts[line]
            if offset + length > again.count || !again[offset..<(offset + length)].elementsEqual(UnsafeBufferPointer(rebasing: buf[lines.starts[line]..<lines.ends[line]])) {
                break
            }
            offset += length
            line += 1
        }
        return "formatting is not stable at line \(line + 1)"
    }
}
