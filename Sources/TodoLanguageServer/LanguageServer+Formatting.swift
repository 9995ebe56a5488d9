import TodoKit

extension LanguageServer {
    /// `textDocument/formatting`: the edits that turn the document into what `todofmt` prints for
    /// it with its configuration, one per changed region of lines. When the formatter refuses
    /// (the verifier, text that is not a todo file's), no edits and a message saying why.
    func formatting(_ params: JSONValue) throws -> JSONValue {
        var document = try document(params)
        guard let formatted = format(&document) else { return .arr([]) }
        keep(document)
        return .arr(edits(from: document, to: formatted))
    }

    /// What `todofmt` prints for the document (with completed tasks left in place when `sink` is
    /// false), or nil when it cannot say; why is shown in a message when `reporting` (an explicit
    /// formatting request, not the code actions an editor asks for at every move of the cursor).
    func format(_ document: inout TextDocument, sink: Bool = true, reporting: Bool = true) -> [UInt8]? {
        let name = document.path ?? document.uri
        let configuration: Configuration
        switch self.configuration(for: document) {
        case .success(let found): configuration = found
        case .failure: return nil  // Shown when it was first met.
        }
        var options = configuration.formatOptions(today: today)
        if !sink { options.sinkCompleted = false }
        do {
            return try TodoFormatter(options: options).format(utf8: document.bytes)
        } catch {
            if reporting { showMessage(.error, "todofmt: \(name): not formatted: \(error.description)") }
            return nil
        }
    }

    /// The minimal edits from the document's text to `new`: one per region of changed lines,
    /// replacing whole lines.
    func edits(from document: TextDocument, to new: [UInt8]) -> [JSONValue] {
        let changes = ChangedLines(old: document.bytes, new: new)
        return changes.regions.map { edit(changes, $0, document: document, new: new) }
    }

    /// One region of ``ChangedLines`` as a text edit.
    func edit(_ changes: ChangedLines, _ region: ChangedLines.Region, document: TextDocument, new: [UInt8]) -> JSONValue {
        let replaced = changes.oldByteRange(ofLines: region.old)
        let text = Array(new[changes.newByteRange(ofLines: region.new)])
        return .obj([
            "range": Self.json(document.position(of: replaced.lowerBound, encoding: encoding),
                               document.position(of: replaced.upperBound, encoding: encoding)),
            "newText": .str(String(decoding: text, as: UTF8.self)),
        ])
    }
}
